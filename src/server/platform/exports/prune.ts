import { rm } from 'node:fs/promises';

/**
 * Delete the files of finished exports whose download expired (the rows stay, without a
 * download). Used by the team export and by the responses export (forms).
 */
export async function pruneExpiredFiles(
  rows: Array<{ expiresAt: Date | null; file: string }>,
  now: Date,
) {
  for (const r of rows) if (r.expiresAt && r.expiresAt <= now) await rm(r.file, { force: true });
}
