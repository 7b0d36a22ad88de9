import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `PGlite is single-process: stop that process first, or point DATABASE_URL at a PostgreSQL server.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the data directory's lock file or refuse; returns a release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pathways.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dir, pid);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid))
        rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
