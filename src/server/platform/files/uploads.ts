import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

/**
 * Where uploads live: `<dataDir>/uploads/<owner>/<file id>`. The owner is a team id (sources) or
 * `community-<id>` (community images); the file id is a uuid we made, never a name from the user.
 */
export function uploadPath(dataDir: string, owner: string, fileId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(owner) || !/^[0-9a-f-]{36}$/.test(fileId))
    throw new Error('Bad upload path');
  return path.join(dataDir, 'uploads', owner, fileId);
}

export class FileTooLarge extends Error {}

/** Stream an upload to disk, at most `max` bytes (the stream is cut and the file removed beyond) */
export async function saveUpload(source: Readable, to: string, max: number): Promise<number> {
  await mkdir(path.dirname(to), { recursive: true });
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > max) cb(new FileTooLarge());
      else cb(null, chunk);
    },
  });
  try {
    await pipeline(source, limit, createWriteStream(to));
  } catch (err) {
    await rm(to, { force: true });
    throw err;
  }
  return size;
}

export const removeStored = (p: string) => rm(p, { force: true });
