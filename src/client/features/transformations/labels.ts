import type { RunItem } from '@shared/transformations/transformations.pages';

export const RUN_STATUS: Record<RunItem['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'orange' },
};
