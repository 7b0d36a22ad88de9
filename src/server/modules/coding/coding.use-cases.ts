import { and, eq, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError, fail } from '../../platform/errors.js';
import { findForm } from '../forms/index.js';
import { CLASSIFIER_MIN_EXAMPLES } from '../../../shared/coding/coding.js';
import type {
  CodebookInput,
  CreateColumnInput,
  UpdateColumnInput,
  VerificationInput,
} from '../../../shared/coding/coding.js';
import {
  codebookVersions,
  codingRuns,
  codingVerifications,
  intelligentColumns,
} from './coding.tables.js';
import { ENGINE, ENGINE_VERSION } from './coding.engine.js';
import {
  codebookOf,
  findColumn,
  latestRun,
  textQuestionsOf,
  trainingExamples,
  type ColumnRow,
} from './coding.queries.js';
import { CLASSIFIER_ENGINE, classifierVersion, trainingCounts } from './coding.classifier.js';
import { runEngine } from './coding.kinds.engines.js';
import { sampleOf } from './coding.sample.js';
import { startKindRun } from './coding.kinds.use-cases.js';

export const CODING_RUN = 'coding.run';
declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'coding.run': { runId: string };
  }
}

const subject = (c: { id: string; name: string }) => ({
  type: 'intelligent_column',
  id: c.id,
  label: c.name,
});

/** An intelligent column over some of a survey form's open-text questions. */
export async function createColumn(
  uc: UseCase,
  { formId, input }: { formId: unknown; input: CreateColumnInput },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.create', { project });
  if (form.kind !== 'survey') throw fail('NOT_FOUND', 'Intelligent columns are on survey forms.');
  const open = new Set((await textQuestionsOf(uc.tx, form.id)).map((q) => q.key));
  const keys = [...new Set(input.questionKeys)];
  const unknown = keys.filter((k) => !open.has(k));
  if (unknown.length > 0)
    throw new ValidationError({
      questionKeys: `Not an open-text question of this form: ${unknown.join(', ')}.`,
    });
  const [column] = await uc.tx
    .insert(intelligentColumns)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      name: input.name,
      kind: input.kind,
      questionKeys: keys,
      threshold: input.threshold,
      samplePercent: input.samplePercent,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'intelligent_column.created',
    subject: subject(column),
    details: { form: form.name, kind: column.kind, questions: keys },
  });
  return column;
}

export async function updateColumn(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: UpdateColumnInput },
) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  if (input.engine === 'model' && !uc.ctx.config.ai)
    throw new ValidationError({
      engine: 'No model is configured (AI_BASE_URL, AI_API_KEY, AI_MODEL): only the offline rules.',
    });
  if (input.engine === 'model' && column.kind !== 'codes' && column.kind !== 'summary')
    throw new ValidationError({
      engine: 'Only deductive coding and summary columns can use the model so far.',
    });
  if (input.engine === 'classifier' && input.engine !== column.engine) {
    if (column.kind !== 'codes')
      throw new ValidationError({
        engine: 'Only deductive coding columns can use the classifier.',
      });
    const codebook = await codebookOf(uc.tx, column.id, column.codebookVersion);
    const counts = trainingCounts(
      await trainingExamples(uc.tx, column),
      codebook.map((c) => c.key),
    );
    if (!counts.some((c) => c.trained))
      throw new ValidationError({
        engine: `Too few human codes to train the classifier: each code needs at least ${CLASSIFIER_MIN_EXAMPLES} coded answers with it and ${CLASSIFIER_MIN_EXAMPLES} without it (code answers in the verification queue).`,
      });
  }
  const [after] = await uc.tx
    .update(intelligentColumns)
    .set({ ...input, engine: input.engine ?? column.engine, updatedAt: new Date() })
    .where(and(eq(intelligentColumns.id, column.id), eq(intelligentColumns.teamId, uc.teamId)))
    .returning();
  await uc.audit({
    action: 'intelligent_column.updated',
    subject: subject(after),
    details: {
      threshold: after.threshold,
      samplePercent: after.samplePercent,
      engine: after.engine,
    },
  });
  return after;
}

/** Saving the codebook makes a new version (the old ones stay, with the decisions they made). */
export async function saveCodebook(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: CodebookInput },
) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  // the column's row lock makes the version number exact under concurrent saves
  const [locked] = await uc.tx
    .update(intelligentColumns)
    .set({ codebookVersion: sql`${intelligentColumns.codebookVersion} + 1`, updatedAt: new Date() })
    .where(eq(intelligentColumns.id, column.id))
    .returning({ codebookVersion: intelligentColumns.codebookVersion });
  const number = locked.codebookVersion;
  const previous = await codebookOf(uc.tx, column.id, number - 1);
  await uc.tx.insert(codebookVersions).values({
    teamId: uc.teamId,
    columnId: column.id,
    number,
    codes: input.codes,
    createdBy: uc.actor.userId || null,
  });
  const before = new Set(previous.map((c) => c.key));
  const after = new Set(input.codes.map((c) => c.key));
  await uc.audit({
    action: 'codebook.saved',
    subject: subject(column),
    details: {
      version: number,
      added: [...after].filter((k) => !before.has(k)),
      removed: [...before].filter((k) => !after.has(k)),
    },
  });
  return { column, number };
}

/**
 * Queue a run over every live response with the latest codebook: by the configured model when the
 * column chose it and a model is configured (its name is the run's engine version), else by the
 * offline rules.
 */
export async function startRun(uc: UseCase, { columnId }: { columnId: unknown }) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  if (column.kind !== 'codes') return startKindRun(uc, column);
  if (column.codebookVersion === 0)
    throw new ValidationError({ run: 'Write the codebook first (Deductive inputs).' });
  const pending = await latestRun(uc.tx, column.id);
  if (pending && (pending.status === 'queued' || pending.status === 'running'))
    throw new ValidationError({ run: 'A run is already in progress; wait for it to finish.' });
  const [run] = await uc.tx
    .insert(codingRuns)
    .values({
      teamId: uc.teamId,
      columnId: column.id,
      codebookVersion: column.codebookVersion,
      ...(column.engine === 'classifier'
        ? await classifierEngine(uc, column)
        : runEngine(uc, column.engine, { engine: ENGINE, version: ENGINE_VERSION })),
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.enqueue(CODING_RUN, { runId: run.id });
  await uc.audit({
    action: 'coding_run.started',
    subject: subject(column),
    details: { codebookVersion: run.codebookVersion, engine: run.engineVersion },
  });
  return run;
}

/** A classifier run's engine and version (the training set as it is now; the job names its own). */
async function classifierEngine(uc: UseCase, column: ColumnRow) {
  const examples = await trainingExamples(uc.tx, column);
  const keys = (await codebookOf(uc.tx, column.id, column.codebookVersion)).map((c) => c.key);
  return {
    engine: CLASSIFIER_ENGINE,
    engineVersion: classifierVersion({
      examples,
      codebookVersion: column.codebookVersion,
      fallback: trainingCounts(examples, keys)
        .filter((c) => !c.trained)
        .map((c) => c.code),
    }),
  };
}

/** A human's blind coding of a sampled response (again: it replaces their earlier coding). */
export async function verifyResponse(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: VerificationInput },
) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  const sample = await sampleOf(uc.tx, column);
  if (!sample.ids.includes(input.responseId))
    throw new ValidationError({ responseId: 'That response is not in the verification sample.' });
  const codebook = await codebookOf(uc.tx, column.id, column.codebookVersion);
  const known = new Set(codebook.map((c) => c.key));
  const bad = input.codes.filter((c) => !known.has(c));
  if (bad.length > 0) throw new ValidationError({ codes: `Unknown codes: ${bad.join(', ')}.` });
  const codes = [...new Set(input.codes)];
  const values = {
    teamId: uc.teamId,
    columnId: column.id,
    responseId: input.responseId,
    codes,
    codebookVersion: column.codebookVersion,
    verifiedBy: uc.actor.userId || null,
    verifiedAt: new Date(),
  };
  await uc.tx
    .insert(codingVerifications)
    .values(values)
    .onConflictDoUpdate({
      target: [codingVerifications.columnId, codingVerifications.responseId],
      set: {
        codes,
        codebookVersion: values.codebookVersion,
        verifiedBy: values.verifiedBy,
        verifiedAt: values.verifiedAt,
      },
    });
  await uc.audit({
    action: 'coding.verified',
    subject: subject(column),
    details: { response: input.responseId, codes },
  });
  return column;
}
