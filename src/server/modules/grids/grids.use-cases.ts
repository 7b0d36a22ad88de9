import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError, fail } from '../../platform/errors.js';
import type { GridColumn, GridInput } from '../../../shared/grids/grids.js';
import { gridRuns, intelligentGrids } from './grids.tables.js';
import { latestGridRun } from './grids.queries.js';
import {
  datasetSource,
  findGrid,
  formSource,
  sourceOptions,
  type GridSource,
} from './grids.source.js';

export const GRID_RUN = 'grids.run';
declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'grids.run': { runId: string };
  }
}

const subject = (g: { id: string; name: string }) => ({
  type: 'intelligent_grid',
  id: g.id,
  label: g.name,
});

const sourceName = (s: GridSource) => (s.kind === 'form' ? s.form.name : s.dataset.name);

/**
 * The grid's definition checked against its source: a form's questions, its own intelligent
 * columns, waves its responses carry or it declares; a dataset's shown columns (no waves, no
 * intelligent columns). Each column keeps its key (new ones get the next).
 */
async function checkedDefinition(
  uc: UseCase,
  source: GridSource,
  input: GridInput,
  before: GridColumn[] = [],
) {
  const options = await sourceOptions(uc.tx, uc.teamId, source);
  const questions = new Set(options.questions.map((q) => q.key));
  const columns = new Set(options.intelligentColumns.map((c) => c.id));
  const form = source.kind === 'form';
  const waves = new Set([...options.waves, ...(form ? source.form.waves : [])]);
  const [a, what] = form ? ['a question', 'questions'] : ['a column', 'columns'];
  const of = form ? 'this form' : 'this dataset';
  const errors: Record<string, string> = {};
  input.waves.forEach((w, i) => {
    if (!waves.has(w))
      errors[`waves.${i}`] = form
        ? `“${w}” is not a wave of this form.`
        : 'A dataset has no waves: its grid reads each row once.';
  });
  input.columns.forEach((c, i) => {
    if (c.kind === 'question' && !questions.has(c.question))
      errors[`columns.${i}.question`] = `Not ${a} of ${of}: ${c.question}.`;
    if (c.kind === 'intelligent' && !columns.has(c.columnId))
      errors[`columns.${i}.columnId`] = form
        ? 'Not an intelligent column of this form.'
        : 'Intelligent columns are on survey forms, not on datasets.';
    if (c.kind === 'prompt') {
      const unknown = c.questions.filter((k) => !questions.has(k));
      if (unknown.length)
        errors[`columns.${i}.questions`] = `Not ${what} of ${of}: ${unknown.join(', ')}.`;
    }
  });
  if (input.byStakeholder && !options.stakeholderColumn)
    errors.byStakeholder = form
      ? 'A survey form’s grid already has one row per stakeholder (per response when anonymous).'
      : 'This dataset names no stakeholder id column (or it is hidden): choose one on the source first.';
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const kept = new Set(before.map((c) => c.key));
  let next = Math.max(0, ...before.map((c) => Number(/^c(\d+)$/.exec(c.key)?.[1] ?? 0))) + 1;
  const used = new Set<string>();
  const out: GridColumn[] = input.columns.map((c) => {
    let key = c.key && kept.has(c.key) && !used.has(c.key) ? c.key : '';
    if (!key) {
      while (kept.has(`c${next}`) || used.has(`c${next}`)) next++;
      key = `c${next++}`;
    }
    used.add(key);
    return { ...c, key };
  });
  return { waves: [...new Set(input.waves)], byStakeholder: input.byStakeholder, columns: out };
}

/** A new grid over a survey form or over a dataset of the team (another team's: 404). */
export async function createGrid(
  uc: UseCase,
  { from, input }: { from: { formId: unknown } | { datasetId: unknown }; input: GridInput },
) {
  const source =
    'formId' in from
      ? await formSource(uc.tx, uc.teamId, from.formId)
      : await datasetSource(uc.tx, uc.teamId, from.datasetId);
  uc.can('content.create', { project: source.project });
  if (source.kind === 'form' && source.form.kind !== 'survey')
    throw fail('NOT_FOUND', 'Intelligent grids are on survey forms.');
  const def = await checkedDefinition(uc, source, input);
  const [grid] = await uc.tx
    .insert(intelligentGrids)
    .values({
      teamId: uc.teamId,
      formId: source.kind === 'form' ? source.form.id : null,
      datasetId: source.kind === 'dataset' ? source.dataset.id : null,
      name: input.name,
      ...def,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'intelligent_grid.created',
    subject: subject(grid),
    details: {
      [source.kind]: sourceName(source),
      waves: def.waves,
      ...(def.byStakeholder ? { rows: 'one per stakeholder' } : {}),
      columns: def.columns.map((c) => c.title),
    },
  });
  return grid;
}

export async function updateGrid(
  uc: UseCase,
  { gridId, input }: { gridId: unknown; input: GridInput },
) {
  const { grid, source, project } = await findGrid(uc.tx, uc.teamId, gridId);
  uc.can('content.update', { project });
  const def = await checkedDefinition(uc, source, input, grid.columns);
  const [after] = await uc.tx
    .update(intelligentGrids)
    .set({ name: input.name, ...def, updatedAt: new Date() })
    .where(and(eq(intelligentGrids.id, grid.id), eq(intelligentGrids.teamId, uc.teamId)))
    .returning();
  await uc.audit({
    action: 'intelligent_grid.updated',
    subject: subject(after),
    details: {
      waves: def.waves,
      ...(def.byStakeholder ? { rows: 'one per stakeholder' } : {}),
      columns: def.columns.map((c) => c.title),
    },
  });
  return after;
}

/** Queue the computation of every cell (cells whose answers did not change are carried over). */
export async function startGridRun(uc: UseCase, { gridId }: { gridId: unknown }) {
  const { grid, project } = await findGrid(uc.tx, uc.teamId, gridId);
  uc.can('content.update', { project });
  const pending = await latestGridRun(uc.tx, grid.id);
  if (pending && (pending.status === 'queued' || pending.status === 'running'))
    throw new ValidationError({
      run: 'The grid is already being computed; wait for it to finish.',
    });
  const engine = uc.ctx.config.ai ? 'model' : 'offline';
  const [run] = await uc.tx
    .insert(gridRuns)
    .values({ teamId: uc.teamId, gridId: grid.id, engine, createdBy: uc.actor.userId || null })
    .returning();
  await uc.enqueue(GRID_RUN, { runId: run.id });
  await uc.audit({
    action: 'grid_run.started',
    subject: subject(grid),
    details: { engine, rerun: pending !== null },
  });
  return run;
}

/** Delete a grid with its runs and cells (a run in progress finds its run gone and stops). */
export async function deleteGrid(uc: UseCase, { gridId }: { gridId: unknown }) {
  const { grid, source, project } = await findGrid(uc.tx, uc.teamId, gridId);
  uc.can('content.delete', { project });
  await uc.removing('intelligent_grid', [grid.id]);
  // its runs and their cells go with it (foreign keys on delete cascade)
  await uc.tx
    .delete(intelligentGrids)
    .where(and(eq(intelligentGrids.id, grid.id), eq(intelligentGrids.teamId, uc.teamId)));
  await uc.audit({
    action: 'intelligent_grid.deleted',
    subject: subject(grid),
    details: { [source.kind]: sourceName(source), columns: grid.columns.map((c) => c.title) },
  });
  return { grid, source };
}
