/** The states of a team export (zod-free). */
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export const EXPORT_STATUS_LABELS: Record<ExportStatus, { label: string; color: string }> = {
  queued: { label: 'Waiting to start', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** The live event a running export publishes on the team's private channel. */
export const EXPORT_PROGRESS_EVENT = 'settings-export.progress';
