import { Badge } from '@mantine/core';
import type { ConnectionStatus } from '@shared/databases/databases.constants';

const LOOK: Record<ConnectionStatus, { color: string; label: string }> = {
  untested: { color: 'gray', label: 'Testing' },
  ready: { color: 'teal', label: 'Ready' },
  failed: { color: 'red', label: 'Cannot connect' },
};

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
