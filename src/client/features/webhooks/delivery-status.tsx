import { Badge } from '@mantine/core';
import type { DeliveryStatus } from '@shared/webhooks/webhooks.constants';

const LOOK: Record<DeliveryStatus, { color: string; label: string }> = {
  pending: { color: 'blue', label: 'Pending' },
  succeeded: { color: 'teal', label: 'Succeeded' },
  failed: { color: 'orange', label: 'Failed, retrying' },
  given_up: { color: 'red', label: 'Given up' },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
