import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useShared } from '../../hooks/use-shared';

interface Status {
  tone: 'success' | 'error' | 'info';
  message: string;
}

const LOOK = {
  success: { color: 'green', icon: IconCircleCheck },
  error: { color: 'red', icon: IconAlertTriangle },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

/** The account pages' inline status message (flash data 'status' from the server). */
export function StatusAlert() {
  const { flash } = useShared();
  const status = flash.data?.status as Status | undefined;
  if (!status?.message) return null;
  const look = LOOK[status.tone] ?? LOOK.info;
  return (
    <Alert
      color={look.color}
      icon={<look.icon size={18} />}
      role={status.tone === 'error' ? 'alert' : 'status'}
      data-testid="status-alert"
    >
      {status.message}
    </Alert>
  );
}
