import { and, asc, countDistinct, desc, eq, gte, ilike, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { findForm } from '../forms/index.js';
import { formQuestions, formResponses, stakeholders } from '../forms/read-model.js';
import { columnsOfForm } from '../coding/index.js';
import { isDisplayOnly } from '../../../shared/forms/questions.js';
import { NO_WAVE } from '../../../shared/grids/grids.js';
import { escapeLike, searchTerms } from '../../../shared/table/table-query.js';
import type { GridOptions } from '../../../shared/grids/grids.pages.js';
import { gridCells, gridRuns, intelligentGrids } from './grids.tables.js';
import type { QuestionInfo, WaveAnswers } from './grids.answers.js';

export type GridRow = typeof intelligentGrids.$inferSelect;
export type GridRunRow = typeof gridRuns.$inferSelect;
type FormRow = Awaited<ReturnType<typeof findForm>>['form'];

/** The team's grids over a form or over a dataset. */
export function gridsOfSource(
  db: Db,
  teamId: string,
  source: { formId: string } | { datasetId: string },
) {
  return db
    .select()
    .from(intelligentGrids)
    .where(
      and(
        eq(intelligentGrids.teamId, teamId),
        'formId' in source
          ? eq(intelligentGrids.formId, source.formId)
          : eq(intelligentGrids.datasetId, source.datasetId),
      ),
    )
    .orderBy(asc(intelligentGrids.name));
}

export async function latestGridRun(db: Db, gridId: string, status?: GridRunRow['status']) {
  const [run] = await db
    .select()
    .from(gridRuns)
    .where(and(eq(gridRuns.gridId, gridId), status ? eq(gridRuns.status, status) : undefined))
    .orderBy(desc(gridRuns.createdAt), desc(gridRuns.id))
    .limit(1);
  return run ?? null;
}

/** The form's answerable questions (its draft), in order. */
export async function questionsOf(db: Db, formId: string): Promise<QuestionInfo[]> {
  const rows = await db
    .select({
      key: formQuestions.key,
      label: formQuestions.label,
      type: formQuestions.type,
      choices: formQuestions.choices,
    })
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(asc(formQuestions.position));
  return rows.filter((q) => !isDisplayOnly(q.type));
}

/** The waves the form's live responses carry: the form's declared order first, no wave last. */
export async function wavesOfForm(db: Db, form: FormRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ wave: formResponses.wave })
    .from(formResponses)
    .where(and(eq(formResponses.formId, form.id), isNull(formResponses.deletedAt)));
  const seen = new Set(rows.map((r) => r.wave ?? NO_WAVE));
  const declared = form.waves.filter((w) => seen.has(w));
  const others = [...seen].filter((w) => !form.waves.includes(w) && w !== NO_WAVE).sort();
  return [...declared, ...others, ...(seen.has(NO_WAVE) ? [NO_WAVE] : [])];
}

export async function gridOptions(db: Db, teamId: string, form: FormRow): Promise<GridOptions> {
  const [questions, columns, waves] = await Promise.all([
    questionsOf(db, form.id),
    columnsOfForm(db, teamId, form.id),
    wavesOfForm(db, form),
  ]);
  return {
    questions: questions.map(({ key, label, type }) => ({ key, label, type })),
    intelligentColumns: columns,
    waves,
  };
}

/** One row of a grid: a stakeholder (or a response) and its answers in each included wave. */
export interface GridSourceRow {
  key: string;
  label: string;
  waves: Array<WaveAnswers & { updatedAt: string }>;
}

/**
 * The grid's rows: for a stakeholder form, one per stakeholder with responses in the included
 * waves (by code), each wave holding their latest live response there; for an anonymous form,
 * one per live response in those waves (by sequence number). A stakeholder form's responses with
 * no stakeholder are rows of their own ("Response #12"), after the stakeholders.
 */
export async function gridSourceRows(
  db: Db,
  form: FormRow,
  waves: readonly string[],
): Promise<GridSourceRow[]> {
  const included = new Set(waves);
  const responses = (
    await db
      .select({
        id: formResponses.id,
        seq: formResponses.seq,
        wave: formResponses.wave,
        answers: formResponses.answers,
        updatedAt: formResponses.updatedAt,
        submittedAt: formResponses.submittedAt,
        stakeholderId: formResponses.stakeholderId,
        code: stakeholders.code,
        name: stakeholders.name,
      })
      .from(formResponses)
      .leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId))
      .where(and(eq(formResponses.formId, form.id), isNull(formResponses.deletedAt)))
      .orderBy(asc(formResponses.submittedAt), asc(formResponses.seq))
  ).filter((r) => included.has(r.wave ?? NO_WAVE));
  const order = new Map(waves.map((w, i) => [w, i]));
  const answersOf = (r: (typeof responses)[number]) => ({
    wave: r.wave ?? NO_WAVE,
    responseId: r.id,
    answers: r.answers as Record<string, unknown>,
    updatedAt: r.updatedAt.toISOString(),
  });
  if (form.anonymous)
    return responses
      .sort((a, b) => a.seq - b.seq)
      .map((r) => ({ key: r.id, label: `Response #${r.seq}`, waves: [answersOf(r)] }));
  const rows = new Map<string, GridSourceRow & { code: string }>();
  // responses with no stakeholder: each its own row, after the stakeholders, by number
  const loose: Array<GridSourceRow & { seq: number }> = [];
  for (const r of responses) {
    if (!r.stakeholderId || !r.code) {
      loose.push({ key: r.id, label: `Response #${r.seq}`, seq: r.seq, waves: [answersOf(r)] });
      continue;
    }
    let row = rows.get(r.stakeholderId);
    if (!row) {
      row = { key: r.stakeholderId, label: `${r.code} ${r.name}`, code: r.code, waves: [] };
      rows.set(r.stakeholderId, row);
    }
    // the latest response in a wave wins (responses come oldest first)
    row.waves = [...row.waves.filter((w) => w.wave !== (r.wave ?? NO_WAVE)), answersOf(r)];
  }
  const byStakeholder = [...rows.values()]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(({ key, label, waves: ws }) => ({
      key,
      label,
      waves: ws.sort((a, b) => order.get(a.wave)! - order.get(b.wave)!),
    }));
  return [
    ...byStakeholder,
    ...loose
      .sort((a, b) => a.seq - b.seq)
      .map(({ key, label, waves: ws }) => ({ key, label, waves: ws })),
  ];
}

/** A run's cells in row order (the export and the carry-over read them all). */
export function cellsOf(db: Db, runId: string) {
  return db
    .select()
    .from(gridCells)
    .where(eq(gridCells.runId, runId))
    .orderBy(asc(gridCells.position), asc(gridCells.columnKey));
}

/**
 * One page of a run's rows, by keyset on the row's position (rows are numbered 0..n-1 in the run,
 * an index on (run, position) serves the range): page p is positions [(p-1)·n, p·n). With a
 * search, the matching rows' positions are found first (every word in the row's label).
 */
export async function cellsPage(
  db: Db,
  runId: string,
  { page, perPage, search }: { page: number; perPage: number; search: string },
  totalRows: number,
) {
  const words = searchTerms(search);
  if (!words.length) {
    const last = Math.max(1, Math.ceil(totalRows / perPage));
    const p = Math.min(page, last);
    const from = (p - 1) * perPage;
    const cells = await db
      .select()
      .from(gridCells)
      .where(
        and(
          eq(gridCells.runId, runId),
          gte(gridCells.position, from),
          lt(gridCells.position, from + perPage),
        ),
      )
      .orderBy(asc(gridCells.position), asc(gridCells.columnKey));
    return { page: p, total: totalRows, cells };
  }
  const matching = and(
    eq(gridCells.runId, runId),
    ...words.map((w) => ilike(gridCells.rowLabel, `%${escapeLike(w)}%`)),
  );
  const [{ total }] = await db
    .select({ total: countDistinct(gridCells.position) })
    .from(gridCells)
    .where(matching);
  const last = Math.max(1, Math.ceil(total / perPage));
  const p = Math.min(page, last);
  const positions = (
    await db
      .selectDistinct({ position: gridCells.position })
      .from(gridCells)
      .where(matching)
      .orderBy(asc(gridCells.position))
      .limit(perPage)
      .offset((p - 1) * perPage)
  ).map((r) => r.position);
  if (!positions.length) return { page: p, total, cells: [] };
  const cells = await db
    .select()
    .from(gridCells)
    .where(
      and(
        eq(gridCells.runId, runId),
        gte(gridCells.position, positions[0]),
        lt(gridCells.position, positions[positions.length - 1] + 1),
        matching,
      ),
    )
    .orderBy(asc(gridCells.position), asc(gridCells.columnKey));
  return { page: p, total, cells };
}
