import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { sourceFiles } from './sources.tables.js';

export type SourceFileRow = typeof sourceFiles.$inferSelect;

export async function findSourceFile(db: Db, teamId: string, id: unknown): Promise<SourceFileRow> {
  const fileId = idOr404(id, 'Upload');
  const [row] = await db
    .select()
    .from(sourceFiles)
    .where(and(eq(sourceFiles.id, fileId), eq(sourceFiles.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Upload');
  return row;
}

export async function fileOfVersion(db: Db, versionId: string): Promise<SourceFileRow | null> {
  const [row] = await db
    .select()
    .from(sourceFiles)
    .where(eq(sourceFiles.versionId, versionId))
    .limit(1);
  return row ?? null;
}
