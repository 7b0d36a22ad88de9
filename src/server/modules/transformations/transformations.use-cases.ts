import { eq } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { findDataset } from '../datasets/index.js';
import { findProject } from '../projects/index.js';
import { jobs } from '../../platform/jobs/index.js';
import { findRun, findTransformation } from './transformations.queries.js';
import { otherIds, othersOf, sourceOf } from './transformations.source.js';
import { compileWithQueries } from './transformations.query.js';
import { transformationRuns, transformations } from './transformations.tables.js';

export const TRANSFORMATION_RUN = 'transformation.run';
export const CANCELLED = 'Cancelled by a user.';

type Transformation = typeof transformations.$inferSelect;

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'transformation.run': { runId: string };
  }
}

/** A new recipe over one of the project's datasets, with no steps yet */
export async function createTransformation(
  uc: UseCase,
  input: { projectId: unknown; name: string; datasetId: string },
) {
  const project = await findProject(uc.tx, uc.teamId, input.projectId);
  uc.can('content.create', { project });
  const { dataset, current } = await findDataset(uc.tx, uc.teamId, input.datasetId).catch(() => {
    throw new ValidationError({ datasetId: 'Pick a dataset of this project.' });
  });
  if (dataset.projectId !== project.id)
    throw new ValidationError({ datasetId: 'Pick a dataset of this project.' });
  if (!current) throw new ValidationError({ datasetId: 'This dataset has no data yet.' });
  const [t] = await uc.tx
    .insert(transformations)
    .values({
      teamId: uc.teamId,
      projectId: project.id,
      name: input.name,
      sourceDatasetId: dataset.id,
      createdBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'transformation.created',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: { project: project.name, dataset: dataset.name },
  });
  return t;
}

/** Replace the steps (add, edit, reorder, disable, delete are all this one write) */
export async function saveSteps(uc: UseCase, input: { transformationId: unknown; steps: Step[] }) {
  const t = await findTransformation(uc.tx, uc.teamId, input.transformationId);
  const project = await findProject(uc.tx, uc.teamId, t.projectId);
  uc.can('content.update', { project });
  const ids = new Set(input.steps.map((s) => s.id));
  if (ids.size !== input.steps.length)
    throw new ValidationError({ steps: 'Two steps have the same id.' });
  // a join or an append reads only a dataset of the team and of this project, with data
  const others = await othersOf(uc.tx, uc.teamId, t.projectId, input.steps);
  const unknown = otherIds(input.steps).filter((id) => !others.has(id));
  if (unknown.length) {
    const i = input.steps.findIndex(
      (s) => (s.kind === 'join' || s.kind === 'append') && unknown.includes(s.datasetId),
    );
    throw new ValidationError({
      [`steps.${i}.datasetId`]: 'Pick a dataset of this project that has data.',
    });
  }
  await uc.tx
    .update(transformations)
    .set({ steps: input.steps, updatedAt: new Date() })
    .where(eq(transformations.id, t.id));
  await uc.audit({
    action: 'transformation.steps_saved',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: {
      steps: input.steps.length,
      kinds: input.steps
        .map((s) => s.kind)
        .join(', ')
        .slice(0, 200),
    },
  });
  return t;
}

/** Start a run: the recipe must compile; the job writes a new version of the output dataset */
export async function startRun(uc: UseCase, transformationId: unknown) {
  const t = await findTransformation(uc.tx, uc.teamId, transformationId);
  const project = await findProject(uc.tx, uc.teamId, t.projectId);
  uc.can('content.update', { project });
  const source = await sourceOf(uc.tx, uc.teamId, t.sourceDatasetId);
  if (!source.version) throw new ValidationError({ steps: 'The source dataset has no data yet.' });
  const others = await othersOf(uc.tx, uc.teamId, t.projectId, t.steps);
  const compiled = await compileWithQueries(uc.tx, source.recipe, t.steps, { others });
  if (compiled.error)
    throw new ValidationError({
      steps: `Step ${compiled.error.stepIndex + 1}: ${compiled.error.message}`,
    });
  if (!compiled.cols.length) throw new ValidationError({ steps: 'The output has no columns.' });
  return queueRun(uc, t, source.version.id, 'manual');
}

/**
 * A queued run of the recipe over this source version (its steps copied): the job writes the
 * output. 'auto' runs are queued by a new source version and checked by the job alone.
 */
export async function queueRun(
  uc: UseCase,
  t: Transformation,
  sourceVersionId: string,
  trigger: 'manual' | 'auto',
) {
  const runId = crypto.randomUUID();
  const jobId = await uc.enqueue(TRANSFORMATION_RUN, { runId });
  const [run] = await uc.tx
    .insert(transformationRuns)
    .values({
      id: runId,
      teamId: uc.teamId,
      transformationId: t.id,
      jobId,
      status: 'queued',
      trigger,
      steps: t.steps,
      sourceVersionId,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'transformation.run_started',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: { steps: t.steps.filter((s) => s.enabled).length, trigger },
  });
  return run;
}

/** Re-run automatically when the source dataset gets a new version (or stop doing so) */
export async function saveSettings(
  uc: UseCase,
  input: { transformationId: unknown; autoRun: boolean },
) {
  const t = await findTransformation(uc.tx, uc.teamId, input.transformationId);
  const project = await findProject(uc.tx, uc.teamId, t.projectId);
  uc.can('content.update', { project });
  await uc.tx
    .update(transformations)
    .set({ autoRun: input.autoRun, updatedAt: new Date() })
    .where(eq(transformations.id, t.id));
  await uc.audit({
    action: 'transformation.settings_saved',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: { autoRun: input.autoRun },
  });
  return t;
}

/**
 * Cancel a queued or running run. A queued run is cancelled now (its job finds it so and does
 * nothing); a running one is asked to stop: its job checks between phases and, at the latest, in
 * the write that would publish the output, so the output version is never published and the
 * previous one stays current.
 */
export async function cancelRun(uc: UseCase, runId: unknown) {
  const found = await findRun(uc.tx, uc.teamId, runId);
  // the row is locked: the job's publishing write waits for this one, or this one for it
  const [run] = await uc.tx
    .select()
    .from(transformationRuns)
    .where(eq(transformationRuns.id, found.id))
    .for('update');
  const t = await findTransformation(uc.tx, uc.teamId, run.transformationId);
  const project = await findProject(uc.tx, uc.teamId, t.projectId);
  uc.can('content.update', { project });
  if (run.status !== 'queued' && run.status !== 'running')
    throw new ValidationError({ run: 'This run has already ended.' });
  await uc.tx.update(jobs).set({ cancelRequested: true }).where(eq(jobs.id, run.jobId));
  if (run.status === 'queued')
    await uc.tx
      .update(transformationRuns)
      .set({ status: 'cancelled', failure: CANCELLED, finishedAt: new Date() })
      .where(eq(transformationRuns.id, run.id));
  await uc.audit({
    action: 'transformation.run_cancelled',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: { status: run.status },
  });
  return run;
}

/** Delete a recipe and its runs; its output dataset stays (it is a dataset like any other) */
export async function deleteTransformation(uc: UseCase, transformationId: unknown) {
  const t = await findTransformation(uc.tx, uc.teamId, transformationId);
  const project = await findProject(uc.tx, uc.teamId, t.projectId);
  uc.can('content.delete', { project });
  await uc.tx.delete(transformations).where(eq(transformations.id, t.id));
  await uc.audit({
    action: 'transformation.deleted',
    subject: { type: 'transformation', id: t.id, label: t.name },
    details: { project: project.name },
  });
  return { transformation: t, project };
}
