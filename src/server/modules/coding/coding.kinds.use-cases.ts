import { eq, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import type { RubricInput, RubricVerificationInput } from '../../../shared/coding/kinds.js';
import { codingRuns, intelligentColumns } from './coding.tables.js';
import { rubricVerifications, rubricVersions } from './coding.rubric.tables.js';
import { findColumn, latestRun, type ColumnRow } from './coding.queries.js';
import { decisionOf, rubricOf } from './coding.kinds.queries.js';
import { sampleOf } from './coding.sample.js';
import { engineOf, runEngine } from './coding.kinds.engines.js';

export const CODING_KIND_RUN = 'coding.kind-run';
/** the action of a started run names its kind, so the log's sentence does too */
const RUN_STARTED = {
  sentiment: 'sentiment_run.started',
  rubric: 'rubric_run.started',
  summary: 'summary_run.started',
} as const;
declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'coding.kind-run': { runId: string };
  }
}

const subject = (c: { id: string; name: string }) => ({
  type: 'intelligent_column',
  id: c.id,
  label: c.name,
});

const rubricColumn = async (uc: UseCase, columnId: unknown) => {
  const found = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project: found.project });
  if (found.column.kind !== 'rubric')
    throw new ValidationError({ kind: 'This column is not a rubric column.' });
  return found;
};

/** Saving the rubric makes a new version (the decisions keep the version they were scored with). */
export async function saveRubric(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: RubricInput },
) {
  const { column } = await rubricColumn(uc, columnId);
  // the column's row lock makes the version number exact under concurrent saves
  const [locked] = await uc.tx
    .update(intelligentColumns)
    .set({ rubricVersion: sql`${intelligentColumns.rubricVersion} + 1`, updatedAt: new Date() })
    .where(eq(intelligentColumns.id, column.id))
    .returning({ rubricVersion: intelligentColumns.rubricVersion });
  const number = locked.rubricVersion;
  const levels = input.levels.map((l, i) => ({ level: i + 1, ...l }));
  await uc.tx.insert(rubricVersions).values({
    teamId: uc.teamId,
    columnId: column.id,
    number,
    levels,
    createdBy: uc.actor.userId || null,
  });
  await uc.audit({
    action: 'rubric.saved',
    subject: subject(column),
    details: { version: number, levels: levels.length },
  });
  return { column, number };
}

/** Queue a sentiment, rubric or summary run over every live response (called by startRun). */
export async function startKindRun(uc: UseCase, column: ColumnRow) {
  if (column.kind === 'rubric' && column.rubricVersion === 0)
    throw new ValidationError({ run: 'Write the rubric first.' });
  const pending = await latestRun(uc.tx, column.id);
  if (pending && (pending.status === 'queued' || pending.status === 'running'))
    throw new ValidationError({ run: 'A run is already in progress; wait for it to finish.' });
  // a summary column that chose the model uses it when one is configured; otherwise offline
  const offline = engineOf(column.kind);
  const engine =
    column.kind === 'summary'
      ? runEngine(uc, column.engine, offline)
      : { engine: offline.engine, engineVersion: offline.version };
  const [run] = await uc.tx
    .insert(codingRuns)
    .values({
      teamId: uc.teamId,
      columnId: column.id,
      codebookVersion: 0,
      rubricVersion: column.kind === 'rubric' ? column.rubricVersion : null,
      ...engine,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.enqueue(CODING_KIND_RUN, { runId: run.id });
  await uc.audit({
    action: RUN_STARTED[column.kind as keyof typeof RUN_STARTED],
    subject: subject(column),
    details: { kind: column.kind, rubricVersion: run.rubricVersion, engine: run.engineVersion },
  });
  return run;
}

/** A person's score of a sampled response: the machine's level accepted, or rescored. */
export async function verifyRubric(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: RubricVerificationInput },
) {
  const { column } = await rubricColumn(uc, columnId);
  const sample = await sampleOf(uc.tx, column);
  if (!sample.ids.includes(input.responseId))
    throw new ValidationError({ responseId: 'That response is not in the verification sample.' });
  const levels = await rubricOf(uc.tx, column.id, column.rubricVersion);
  if (input.level > levels.length)
    throw new ValidationError({ level: `Choose a level from 1 to ${levels.length}.` });
  const run = await latestRun(uc.tx, column.id, 'done');
  const machine = run ? await decisionOf(uc.tx, run.id, input.responseId) : null;
  const values = {
    level: input.level,
    machineLevel: machine?.rubric?.level ?? null,
    rubricVersion: column.rubricVersion,
    verifiedBy: uc.actor.userId || null,
    verifiedAt: new Date(),
  };
  await uc.tx
    .insert(rubricVerifications)
    .values({ teamId: uc.teamId, columnId: column.id, responseId: input.responseId, ...values })
    .onConflictDoUpdate({
      target: [rubricVerifications.columnId, rubricVerifications.responseId],
      set: values,
    });
  await uc.audit({
    action: 'rubric.verified',
    subject: subject(column),
    details: {
      response: input.responseId,
      level: input.level,
      machineLevel: values.machineLevel,
      accepted: values.machineLevel === input.level,
    },
  });
  return column;
}
