import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { transformationRuns, transformations } from './transformations.tables.js';

export type RunRow = typeof transformationRuns.$inferSelect;

/** A transformation of the team: 404 for another team's id */
export async function findTransformation(db: Db, teamId: string, id: unknown) {
  const tid = idOr404(id, 'Transformation');
  const [t] = await db
    .select()
    .from(transformations)
    .where(and(eq(transformations.id, tid), eq(transformations.teamId, teamId)))
    .limit(1);
  if (!t) throw notFound('Transformation');
  return t;
}

/** A run of the team: 404 for another team's id */
export async function findRun(db: Db, teamId: string, id: unknown) {
  const rid = idOr404(id, 'Run');
  const [r] = await db
    .select()
    .from(transformationRuns)
    .where(and(eq(transformationRuns.id, rid), eq(transformationRuns.teamId, teamId)))
    .limit(1);
  if (!r) throw notFound('Run');
  return r;
}

export function transformationsOf(db: Db, teamId: string, projectId: string) {
  return db
    .select()
    .from(transformations)
    .where(and(eq(transformations.teamId, teamId), eq(transformations.projectId, projectId)))
    .orderBy(desc(transformations.updatedAt));
}

export function runsOf(db: Db, teamId: string, transformationId: string, limit = 10) {
  return db
    .select()
    .from(transformationRuns)
    .where(
      and(
        eq(transformationRuns.teamId, teamId),
        eq(transformationRuns.transformationId, transformationId),
      ),
    )
    .orderBy(desc(transformationRuns.createdAt))
    .limit(limit);
}
