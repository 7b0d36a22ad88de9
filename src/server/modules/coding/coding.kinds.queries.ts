import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { RubricLevel } from '../../../shared/coding/kinds.js';
import { codingDecisions } from './coding.tables.js';
import { rubricVerifications, rubricVersions } from './coding.rubric.tables.js';

export async function rubricOf(db: Db, columnId: string, number: number): Promise<RubricLevel[]> {
  if (number === 0) return [];
  const [row] = await db
    .select({ levels: rubricVersions.levels })
    .from(rubricVersions)
    .where(and(eq(rubricVersions.columnId, columnId), eq(rubricVersions.number, number)));
  return row?.levels ?? [];
}

export async function decisionOf(db: Db, runId: string, responseId: string) {
  const [row] = await db
    .select()
    .from(codingDecisions)
    .where(and(eq(codingDecisions.runId, runId), eq(codingDecisions.responseId, responseId)));
  return row ?? null;
}

export function kindDecisionsOf(db: Db, runId: string) {
  return db
    .select({
      responseId: codingDecisions.responseId,
      sentiment: codingDecisions.sentiment,
      rubric: codingDecisions.rubric,
      engine: codingDecisions.engine,
      engineVersion: codingDecisions.engineVersion,
    })
    .from(codingDecisions)
    .where(eq(codingDecisions.runId, runId));
}

export function rubricVerificationsOf(db: Db, columnId: string) {
  return db
    .select({
      responseId: rubricVerifications.responseId,
      level: rubricVerifications.level,
      machineLevel: rubricVerifications.machineLevel,
      verifiedAt: rubricVerifications.verifiedAt,
    })
    .from(rubricVerifications)
    .where(eq(rubricVerifications.columnId, columnId));
}
