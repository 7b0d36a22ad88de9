import { Badge } from '@mantine/core';
import type {
  ConnectorImportStatus,
  ConnectorStatus,
} from '@shared/connectors/connectors.constants';

const LOOK: Record<ConnectorStatus | ConnectorImportStatus, { color: string; label: string }> = {
  untested: { color: 'gray', label: 'Not tested' },
  ready: { color: 'teal', label: 'Ready' },
  failed: { color: 'red', label: 'Failed' },
  revoked: { color: 'orange', label: 'Revoked' },
  queued: { color: 'gray', label: 'Queued' },
  running: { color: 'blue', label: 'Importing' },
};

export function ConnectorStatusBadge({
  status,
}: {
  status: ConnectorStatus | ConnectorImportStatus;
}) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
