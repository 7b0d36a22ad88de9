import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { findForm } from '../forms/index.js';
import { formQuestions, formResponses, stakeholders } from '../forms/read-model.js';
import { columnsOfForm } from '../coding/index.js';
import { isDisplayOnly } from '../../../shared/forms/questions.js';
import { NO_WAVE } from '../../../shared/grids/grids.js';
import { inWaveOrder } from '../../../shared/forms/waves.js';
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
  return inWaveOrder(
    rows.map((r) => r.wave ?? NO_WAVE),
    form.waves,
  );
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
    stakeholderColumn: null,
  };
}

/** One row of a grid: a stakeholder (or a response) and its answers in each included wave. */
export interface GridSourceRow {
  key: string;
  label: string;
  waves: Array<WaveAnswers & { updatedAt: string }>;
}

type ResponseRead = {
  id: string;
  seq: number;
  wave: string | null;
  answers: unknown;
  updatedAt: Date;
};

const answersOf = (r: ResponseRead) => ({
  wave: r.wave ?? NO_WAVE,
  responseId: r.id,
  answers: r.answers as Record<string, unknown>,
  updatedAt: r.updatedAt.toISOString(),
});

const responseColumns = {
  id: formResponses.id,
  seq: formResponses.seq,
  wave: formResponses.wave,
  answers: formResponses.answers,
  updatedAt: formResponses.updatedAt,
};

/** The form's live responses in the included waves (no wave: `NO_WAVE`); null when none can be. */
function liveIn(form: FormRow, waves: readonly string[]): SQL | null {
  const named = waves.filter((w) => w !== NO_WAVE);
  const parts = [
    ...(named.length ? [inArray(formResponses.wave, named)] : []),
    ...(waves.includes(NO_WAVE) ? [isNull(formResponses.wave)] : []),
  ];
  if (!parts.length) return null;
  return and(eq(formResponses.formId, form.id), isNull(formResponses.deletedAt), or(...parts))!;
}

/** A stakeholder form's response counts as loose when it names nobody (or a removed person). */
const loose = or(isNull(formResponses.stakeholderId), isNull(stakeholders.id))!;

/** How many rows the grid has: stakeholders with responses plus loose responses, or responses. */
export async function gridRowCount(db: Db, form: FormRow, waves: readonly string[]) {
  const live = liveIn(form, waves);
  if (!live) return 0;
  if (form.anonymous) {
    const [{ n }] = await db.select({ n: count() }).from(formResponses).where(live);
    return Number(n);
  }
  const [{ people, alone }] = await db
    .select({
      people: countDistinct(stakeholders.id),
      alone: sql<number>`count(*) filter (where ${loose})`,
    })
    .from(formResponses)
    .leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId))
    .where(live);
  return Number(people) + Number(alone);
}

/**
 * The grid's rows, a page at a time (each page one query or two, by keyset): for a stakeholder
 * form, one row per stakeholder with responses in the included waves (by code, then id), each
 * wave holding their latest live response there; then its responses with no stakeholder, each a
 * row of its own ("Response #12", by number). An anonymous form: one row per live response in
 * those waves, by number.
 */
export async function* gridRowPages(
  db: Db,
  form: FormRow,
  waves: readonly string[],
  pageSize: number,
): AsyncGenerator<GridSourceRow[]> {
  const live = liveIn(form, waves);
  if (!live) return;
  const order = new Map(waves.map((w, i) => [w, i]));
  const single = (r: ResponseRead) => ({
    key: r.id,
    label: `Response #${r.seq}`,
    waves: [answersOf(r)],
  });
  if (!form.anonymous) {
    let after: { code: string; id: string } | null = null;
    for (;;) {
      const people: Array<{ id: string; code: string; name: string }> = await db
        .selectDistinct({ id: stakeholders.id, code: stakeholders.code, name: stakeholders.name })
        .from(formResponses)
        .innerJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId))
        .where(
          and(
            live,
            after
              ? sql`(${stakeholders.code}, ${stakeholders.id}) > (${after.code}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(stakeholders.code), asc(stakeholders.id))
        .limit(pageSize);
      if (!people.length) break;
      const responses = await db
        .select({ ...responseColumns, stakeholderId: formResponses.stakeholderId })
        .from(formResponses)
        .where(
          and(
            live,
            inArray(
              formResponses.stakeholderId,
              people.map((p) => p.id),
            ),
          ),
        )
        .orderBy(asc(formResponses.submittedAt), asc(formResponses.seq));
      const byPerson = new Map<string, Map<string, GridSourceRow['waves'][number]>>();
      for (const r of responses) {
        const ws = byPerson.get(r.stakeholderId!) ?? new Map();
        // the latest response in a wave wins (responses come oldest first)
        ws.set(r.wave ?? NO_WAVE, answersOf(r));
        byPerson.set(r.stakeholderId!, ws);
      }
      yield people.map((p) => ({
        key: p.id,
        label: `${p.code} ${p.name}`,
        waves: [...(byPerson.get(p.id)?.values() ?? [])].sort(
          (a, b) => order.get(a.wave)! - order.get(b.wave)!,
        ),
      }));
      if (people.length < pageSize) break;
      after = people[people.length - 1];
    }
  }
  let seq = 0;
  for (;;) {
    const responses = await db
      .select(responseColumns)
      .from(formResponses)
      .leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId))
      .where(and(live, form.anonymous ? undefined : loose, gt(formResponses.seq, seq)))
      .orderBy(asc(formResponses.seq))
      .limit(pageSize);
    if (responses.length) yield responses.map(single);
    if (responses.length < pageSize) return;
    seq = responses[responses.length - 1].seq;
  }
}

/** A previous run's cells of these rows (a run's page looks up what it may carry over). */
export function cellsOfRows(db: Db, runId: string, rowKeys: string[]) {
  return db
    .select()
    .from(gridCells)
    .where(and(eq(gridCells.runId, runId), inArray(gridCells.rowKey, rowKeys)));
}

/** A run's cells in row order, all of them (tests compare runs with it). */
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
