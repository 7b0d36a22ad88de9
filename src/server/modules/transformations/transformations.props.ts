import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/index.js';
import type { JobProgress } from '../../../shared/datasets/datasets.pages.js';
import { describeStep } from '../../../shared/transformations/describe.js';
import type {
  DiffFilter,
  RecipeColumn,
  RunItem,
  StepItem,
  TransformationListItem,
  TransformationRunProps,
  TransformationShowProps,
} from '../../../shared/transformations/transformations.pages.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { datasetsOf, versionsOfMany } from '../datasets/index.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { findProject } from '../projects/index.js';
import {
  countsSelect,
  rowsSelect,
  runSelect,
  sourceCols,
  type Col,
  type CompiledRecipe,
  type RecipeSource,
} from './transformations.compile.js';
import {
  findRun,
  findTransformation,
  runsOf,
  transformationsOf,
  type RunRow,
} from './transformations.queries.js';
import { othersOf, sourceOf } from './transformations.source.js';
import { runDiff } from './transformations.diff.js';
import { chunkedRun } from './transformations.chunks.js';
import { toDrizzle } from './transformations.sql.js';
import { compileWithQueries, readOnly } from './transformations.query.js';

/** How many source rows the previews and their counts run on */
const SAMPLE_ROWS = 1000;
const PREVIEW_ROWS = 50;

const meta = (cols: readonly Col[]): RecipeColumn[] =>
  cols.map((c) => ({ key: c.key, label: c.label, type: c.type }));

async function versionNumbers(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await db
    .select({ id: datasetVersions.id, n: datasetVersions.number })
    .from(datasetVersions)
    .where(inArray(datasetVersions.id, ids));
  return new Map(rows.map((r) => [r.id, r.n]));
}

function runItem(r: RunRow, numbers: Map<string, number>): RunItem {
  return {
    id: r.id,
    status: r.status,
    trigger: r.trigger,
    diff:
      r.diffAdded === null
        ? null
        : {
            added: Number(r.diffAdded),
            removed: Number(r.diffRemoved ?? 0),
            changed: Number(r.diffChanged ?? 0),
          },
    rowsIn: r.rowsIn === null ? null : Number(r.rowsIn),
    rowsOut: r.rowsOut === null ? null : Number(r.rowsOut),
    versionNumber: r.versionId ? (numbers.get(r.versionId) ?? null) : null,
    failure: r.failure,
    jobId: r.jobId,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

async function namesOf(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: datasets.id, name: datasets.name })
    .from(datasets)
    .where(inArray(datasets.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function indexProps(ctx: AppContext, teamId: string, projectId: unknown) {
  const project = await findProject(ctx.db, teamId, projectId);
  const list = await transformationsOf(ctx.db, teamId, project.id);
  const names = await namesOf(ctx.db, [
    ...list.map((t) => t.sourceDatasetId),
    ...list.flatMap((t) => (t.outputDatasetId ? [t.outputDatasetId] : [])),
  ]);
  const items: TransformationListItem[] = [];
  for (const t of list) {
    const [last] = await runsOf(ctx.db, teamId, t.id, 1);
    const numbers = await versionNumbers(ctx.db, last?.versionId ? [last.versionId] : []);
    items.push({
      id: t.id,
      name: t.name,
      source: { id: t.sourceDatasetId, name: names.get(t.sourceDatasetId) ?? '' },
      output:
        t.outputDatasetId && names.has(t.outputDatasetId)
          ? { id: t.outputDatasetId, name: names.get(t.outputDatasetId)! }
          : null,
      steps: t.steps.length,
      lastRun: last ? runItem(last, numbers) : null,
      updatedAt: t.updatedAt.toISOString(),
    });
  }
  const candidates = await createProps(ctx, teamId, project.id);
  return {
    project: { id: project.id, name: project.name },
    transformations: items,
    datasetCount: candidates.datasets.length,
  };
}

export async function createProps(ctx: AppContext, teamId: string, projectId: unknown) {
  const project = await findProject(ctx.db, teamId, projectId);
  const list = (await datasetsOf(ctx.db, teamId, project.id)).filter((d) => d.currentVersionId);
  const versions = await versionsOfMany(
    ctx.db,
    teamId,
    list.map((d) => d.id),
  );
  return {
    project: { id: project.id, name: project.name },
    datasets: list.map((d) => ({
      id: d.id,
      name: d.name,
      origin: d.origin,
      rowCount: Number(versions.find((v) => v.id === d.currentVersionId)?.rowCount ?? 0),
    })),
  };
}

const namesOfOthers = (others: ReadonlyMap<string, RecipeSource>) =>
  Object.fromEntries([...others].map(([id, o]) => [id, o.name ?? '']));

/** The project's datasets with data, with their columns: what a join or an append may read */
async function joinable(ctx: AppContext, teamId: string, projectId: string) {
  const list = (await datasetsOf(ctx.db, teamId, projectId)).filter((d) => d.currentVersionId);
  const out: TransformationShowProps['datasets'] = [];
  for (const d of list) {
    const s = await sourceOf(ctx.db, teamId, d.id);
    out.push({
      id: d.id,
      name: d.name,
      columns: meta(s.recipe.columns.map((c) => ({ ...c, ident: c.physical }))),
    });
  }
  return out;
}

type Rows = { rows: Array<Record<string, unknown>> };

async function stepCounts(db: Db, c: CompiledRecipe) {
  // a query step's SQL runs only in read-only transactions with a time limit
  const r = (await readOnly(db, (tx) =>
    tx.execute(toDrizzle(countsSelect(c), c.params.values)),
  )) as unknown as Rows;
  return r.rows[0] ?? {};
}

/** The show page: the steps with their sample counts, the rows after the chosen step, the SQL */
export async function showProps(
  ctx: AppContext,
  teamId: string,
  id: unknown,
  after: number | null,
): Promise<TransformationShowProps> {
  const t = await findTransformation(ctx.db, teamId, id);
  const project = await findProject(ctx.db, teamId, t.projectId);
  const source = await sourceOf(ctx.db, teamId, t.sourceDatasetId);
  const steps: Step[] = t.steps;
  const others = await othersOf(ctx.db, teamId, t.projectId, steps);
  const otherNames = namesOfOthers(others);
  const sample = await compileWithQueries(ctx.db, source.recipe, steps, {
    sample: SAMPLE_ROWS,
    others,
  });
  const counts = source.version ? await stepCounts(ctx.db, sample) : {};
  const stageOf = new Map(sample.stages.map((s, i) => [s.stepIndex, i + 1]));
  let cols: Col[] = source.recipe.columns.map((c) => ({
    key: c.key,
    label: c.label,
    type: c.type,
    ident: c.physical,
  }));
  const items: StepItem[] = steps.map((step, i) => {
    const k = stageOf.get(i);
    const stage = k ? sample.stages[k - 1] : null;
    const before = stage ? stage.colsBefore : cols;
    if (stage) cols = stage.cols;
    const failedValues = k ? ((counts[`x${k}`] as string[] | null) ?? []) : [];
    return {
      step,
      text: describeStep(step, before, otherNames),
      columnsBefore: meta(before),
      counts:
        k && stage
          ? {
              rowsIn: Number(counts[`r${k - 1}`] ?? 0),
              rowsOut: Number(counts[`r${k}`] ?? 0),
              valuesChanged: Number(counts[`v${k}`] ?? 0),
              failed: Number(counts[`f${k}`] ?? 0),
              failedValues,
              touches: stage.touches,
            }
          : null,
      error:
        sample.error?.stepIndex === i
          ? { field: sample.error.field, message: sample.error.message }
          : null,
    };
  });
  // the rows after the chosen step (by default the last compiled one)
  const last = sample.stages.length;
  let stage = last;
  if (after !== null) {
    const k = after === 0 ? 0 : stageOf.get(after - 1);
    if (k !== undefined) stage = k;
  }
  let preview: TransformationShowProps['preview'] = null;
  if (source.version) {
    const shownCols = stage === 0 ? sourceCols(sample) : sample.stages[stage - 1].cols;
    const r = (await readOnly(ctx.db, (tx) =>
      tx.execute(toDrizzle(rowsSelect(sample, stage, PREVIEW_ROWS), sample.params.values)),
    )) as unknown as Rows;
    preview = {
      after: stage === 0 ? 0 : sample.stages[stage - 1].stepIndex + 1,
      columns: meta(shownCols),
      rows: r.rows.map((row) => ({
        _row: Number(row._row),
        values: Object.fromEntries(
          shownCols.map((c) => [c.key, (row[c.ident] as string | null) ?? null]),
        ),
      })),
    };
  }
  const full = await compileWithQueries(ctx.db, source.recipe, steps, { others });
  const runs = await runsOf(ctx.db, teamId, t.id);
  const numbers = await versionNumbers(
    ctx.db,
    runs.flatMap((r) => (r.versionId ? [r.versionId] : [])),
  );
  const names = await namesOf(ctx.db, t.outputDatasetId ? [t.outputDatasetId] : []);
  const active = runs.find((r) => r.status === 'queued' || r.status === 'running');
  return {
    project: { id: project.id, name: project.name },
    transformation: {
      id: t.id,
      name: t.name,
      updatedAt: t.updatedAt.toISOString(),
      autoRun: t.autoRun,
    },
    source: {
      id: source.dataset.id,
      name: source.dataset.name,
      rowCount: Number(source.version?.rowCount ?? 0),
      columns: meta(sourceCols(sample)),
    },
    output:
      t.outputDatasetId && names.has(t.outputDatasetId)
        ? { id: t.outputDatasetId, name: names.get(t.outputDatasetId)! }
        : null,
    steps: items,
    outputColumns: meta(sample.cols),
    sampleSize: SAMPLE_ROWS,
    preview,
    sql: full.error
      ? null
      : { text: runSelect(full), params: full.params.values.map((v) => (v === null ? 'NULL' : v)) },
    recipeText: recipeText(items),
    datasets: await joinable(ctx, teamId, t.projectId),
    runs: runs.map((r) => runItem(r, numbers)),
    activeRunId: active?.id ?? null,
  };
}

function recipeText(items: StepItem[]): string {
  if (!items.length) return 'No steps yet: the output is the source as it is.';
  return items
    .map((s, i) => `${i + 1}. ${s.step.enabled ? '' : '(disabled) '}${s.text}`)
    .join('\n');
}

export async function runProps(
  ctx: AppContext,
  teamId: string,
  id: unknown,
  view: { filter: DiffFilter; page: number } = { filter: 'all', page: 1 },
): Promise<TransformationRunProps> {
  const run = await findRun(ctx.db, teamId, id);
  const t = await findTransformation(ctx.db, teamId, run.transformationId);
  const project = await findProject(ctx.db, teamId, t.projectId);
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, run.jobId));
  const numbers = await versionNumbers(ctx.db, run.versionId ? [run.versionId] : []);
  const names = await namesOf(ctx.db, t.outputDatasetId ? [t.outputDatasetId] : []);
  const source = await sourceOf(ctx.db, teamId, t.sourceDatasetId);
  let cols: Col[] = source.recipe.columns.map((c) => ({
    key: c.key,
    label: c.label,
    type: c.type,
    ident: c.physical,
  }));
  const others = await othersOf(ctx.db, teamId, t.projectId, run.steps);
  const compiled = await compileWithQueries(ctx.db, source.recipe, run.steps, { others });
  const stageOf = new Map(compiled.stages.map((s) => [s.stepIndex, s]));
  const lines = run.steps.map((step, i) => {
    const stage = stageOf.get(i);
    const text = describeStep(step, stage ? stage.colsBefore : cols, namesOfOthers(others));
    if (stage) cols = stage.cols;
    return `${i + 1}. ${step.enabled ? '' : '(disabled) '}${text}`;
  });
  return {
    project: { id: project.id, name: project.name },
    transformation: { id: t.id, name: t.name },
    output:
      t.outputDatasetId && names.has(t.outputDatasetId)
        ? { id: t.outputDatasetId, name: names.get(t.outputDatasetId)! }
        : null,
    run: {
      ...runItem(run, numbers),
      progress: (job?.progress as JobProgress | null) ?? null,
      cancelRequested: job?.cancelRequested ?? false,
    },
    cancelTakesEffect:
      ctx.database.kind === 'postgres'
        ? 'now'
        : chunkedRun(ctx.database, run.steps)
          ? 'chunk'
          : 'statement',
    recipeText: lines.join('\n') || 'No steps: the output is the source as it is.',
    diff: await runDiff(ctx.db, run, view.filter, view.page),
  };
}
