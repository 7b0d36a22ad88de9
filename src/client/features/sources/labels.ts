import type { DatasetVersionStatus } from '@shared/datasets/column-types';
import type { JobProgress } from '@shared/datasets/datasets.pages';
import { formatNumber } from '@shared/format/number';

export const STATUS_LABELS: Record<DatasetVersionStatus, { label: string; color: string }> = {
  importing: { label: 'Importing', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  superseded: { label: 'Replaced', color: 'gray' },
};

export const PHASE_LABELS: Record<JobProgress['phase'], string> = {
  queued: 'Waiting to start',
  reading: 'Reading the source',
  writing: 'Writing rows',
  finishing: 'Computing column statistics',
  done: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const count = (n: number | null | undefined) => (n == null ? '—' : formatNumber(n, 0));

/** 1.5 MB, 320 KB */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

/** 1 h 4 min, 3 min 20 s, 12 s */
export function duration(seconds: number | null): string {
  if (seconds == null) return '—';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}

export const DELIMITER_LABELS: Record<string, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};
