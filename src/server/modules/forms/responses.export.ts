import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { JOIN, type ResponseExportOptions } from '../../../shared/forms/responses-export.js';
import type { ResponsesFilters } from '../../../shared/forms/forms.pages.js';
import {
  OTHER_VALUE,
  type QuestionDef,
  type QuestionType,
} from '../../../shared/forms/questions.js';
import { formResponses, formVersions, stakeholders } from './forms.tables.js';
import { isInstance } from '../../../shared/expressions/index.js';
import { COUNT_PART, formColumns, instancePath, repeatGroups } from './form-dataset.columns.js';
import { responsesWhere } from './responses.props.js';

/** What a row of the export is made from (one response and its stakeholder's code). */
interface ExportSourceRow {
  id: string;
  seq: number;
  submittedAt: Date;
  versionNumber: number;
  wave: string | null;
  status: string;
  code: string | null;
  answers: Record<string, unknown>;
}

interface ExportColumn {
  header: string;
  cell: (r: ExportSourceRow) => unknown;
}

type CellOf = (answer: unknown, q: QuestionDef, o: ResponseExportOptions) => unknown;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const plain = (a: unknown) => (empty(a) ? null : typeof a === 'object' ? JSON.stringify(a) : a);
const text: CellOf = (a) => plain(a);
const number: CellOf = (a) =>
  empty(a) ? null : typeof a === 'number' ? a : Number.isFinite(Number(a)) ? Number(a) : a;
/** A choice value, or its label in the form's default language (a value no version knew stays a value). */
const choice = (v: unknown, q: QuestionDef, o: ResponseExportOptions) =>
  o.content === 'labels'
    ? (q.choices.find((c) => c.value === v)?.label ?? (v === OTHER_VALUE ? 'Other' : v))
    : v;
const one: CellOf = (a, q, o) => (empty(a) ? null : choice(a, q, o));
const many: CellOf = (a, q, o) =>
  Array.isArray(a) ? a.map((v) => choice(v, q, o)).join(JOIN) : plain(a);
const yesNo: CellOf = (a, _q, o) =>
  empty(a) ? null : o.content === 'labels' ? (a === 'yes' || a === true ? 'Yes' : 'No') : a;
const never: CellOf = () => null;
/** a file answer is written as its file name, as in the form's dataset (the bytes stay on the response) */
const fileName: CellOf = (a) =>
  a !== null && typeof a === 'object' && typeof (a as { name?: unknown }).name === 'string'
    ? (a as { name: string }).name
    : plain(a);

/**
 * A question type's export cell, one function per type (a new type adds its line here). Matrix and
 * geopoint answers are objects: their cell gets one field of it (a matrix row, a coordinate).
 */
const CELL_OF: Record<QuestionType, CellOf> = {
  short_text: text,
  long_text: text,
  email: text,
  phone: text,
  time: text,
  date: text,
  datetime: text,
  calculate: text,
  hidden: text,
  single_choice: one,
  dropdown: one,
  multiple_choice: many,
  ranking: many,
  integer: number,
  decimal: number,
  rating: number,
  nps: number,
  range: number,
  yes_no: yesNo,
  acknowledge: yesNo,
  matrix: one,
  geopoint: number,
  file: fileName,
  note: never,
  page: never,
  // the main sheet has its count (`<key>_count`); its instances are rows of a sheet of their own
  repeat: never,
};

const SYSTEM: ExportColumn[] = [
  { header: '_response_id', cell: (r) => r.id },
  { header: '_row', cell: (r) => r.seq },
  { header: '_submitted_at', cell: (r) => r.submittedAt.toISOString() },
  { header: '_version', cell: (r) => r.versionNumber },
  { header: '_wave', cell: (r) => r.wave },
  { header: '_status', cell: (r) => r.status },
  { header: '_stakeholder', cell: (r) => r.code },
];

/**
 * The export's columns: the system columns, then the form dataset's union of every version's
 * columns by key (form-dataset.ts: a removed question or choice keeps its column, a later one is
 * empty for earlier responses); a multiple choice question is one joined column or one 0/1 column
 * per choice of any version (`key/choice`, empty when unanswered).
 */
export function exportColumns(versions: QuestionDef[][], o: ResponseExportOptions) {
  const { columns, parts, questions } = formColumns(versions);
  const out: ExportColumn[] = [...SYSTEM];
  for (const c of columns) {
    if (c.key.startsWith('_')) continue;
    const part = parts.get(c.key);
    if (part?.[1] === COUNT_PART) {
      const key = part[0];
      out.push({
        header: c.key,
        cell: (r) => (Array.isArray(r.answers[key]) ? (r.answers[key] as unknown[]).length : 0),
      });
      continue;
    }
    if (part) {
      const q = questions.get(part[0])!;
      out.push({
        header: c.key,
        cell: (r) =>
          CELL_OF[q.type]((r.answers[q.key] as Record<string, unknown>)?.[part[1]], q, o),
      });
      continue;
    }
    const q = questions.get(c.key);
    if (!q) {
      // `<key>__other`: the text of an "other" answer
      out.push({ header: c.key, cell: (r) => plain(r.answers[c.key]) });
      continue;
    }
    if (q.type === 'multiple_choice' && o.multiple === 'columns') {
      const values = q.choices.map((ch) => ch.value);
      if (q.allowOther && !values.includes(OTHER_VALUE)) values.push(OTHER_VALUE);
      for (const v of values)
        out.push({
          header: `${q.key}/${v}`,
          cell: (r) => {
            const a = r.answers[q.key];
            return Array.isArray(a) ? (a.includes(v) ? 1 : 0) : null;
          },
        });
      continue;
    }
    out.push({ header: q.key, cell: (r) => CELL_OF[q.type](r.answers[q.key], q, o) });
  }
  return out;
}

/**
 * One repeat group's sheet: its instances, one row each, linked to their response (and, for a
 * repeat inside a repeat, to the instance around it). `chain`: the repeat keys from the top, its own last.
 */
export interface RepeatSheet {
  key: string;
  chain: string[];
  cols: InstanceColumn[];
}

/** Where one instance sits: its response, its indices from the top (1-based), its answers. */
interface InstanceRow {
  response: ExportSourceRow;
  indices: number[];
  answers: Record<string, unknown>;
}

interface InstanceColumn {
  header: string;
  cell: (i: InstanceRow) => unknown;
}

/** The columns linking a sheet's rows to their response and their parent instance. */
function linkColumns(chain: string[]): InstanceColumn[] {
  const top: InstanceColumn[] = [
    { header: '_response_id', cell: (i) => i.response.id },
    { header: '_row', cell: (i) => i.response.seq },
    { header: '_index', cell: (i) => i.indices[i.indices.length - 1] },
  ];
  if (chain.length === 1) return top;
  return [
    ...top,
    { header: '_parent_index', cell: (i) => i.indices[i.indices.length - 2] },
    { header: '_parent_path', cell: (i) => instancePath(chain.slice(0, -1), i.indices) },
    { header: '_path', cell: (i) => instancePath(chain, i.indices) },
  ];
}

/**
 * The sheets of the repeat groups at any depth, in document order (XLSX: a sheet per repeat after
 * the responses; CSV: a file per repeat beside the responses' in a zip; as Kobo and ODK Central
 * export them). `_response_id` and `_row` name the response, `_index` the instance within the
 * instance (or response) around it, from 1. A nested repeat's sheet adds `_parent_index` (the
 * parent instance's `_index`), `_parent_path` and `_path` (`members[2]`, `members[2].visits[1]`):
 * a row's parent is the row of the parent sheet with the same `_row` whose `_path` is its
 * `_parent_path` (on a top-level repeat's sheet, which has no `_path`: whose `_index` is its
 * `_parent_index`). Then one column per question of the repeat in the union of every version by key
 * (a question removed later keeps its column; a repeat inside has its `<key>_count`).
 */
export function repeatSheets(versions: QuestionDef[][], o: ResponseExportOptions): RepeatSheet[] {
  return [...repeatGroups(versions)].map(([key, group]) => {
    const chain = [...group.parents, key];
    const cols = exportColumns(group.versions, o).filter((c) => !c.header.startsWith('_'));
    return {
      key,
      chain,
      cols: [
        ...linkColumns(chain),
        // a question's cell reads the instance's answers as a response's
        ...cols.map((c) => ({
          header: c.header,
          cell: (i: InstanceRow) => c.cell({ ...i.response, answers: i.answers }),
        })),
      ],
    };
  });
}

/** Every instance of the repeat `chain` names in one response's answers, in document order. */
function* instancesIn(
  response: ExportSourceRow,
  chain: readonly string[],
  answers: Record<string, unknown> = response.answers,
  indices: number[] = [],
): Generator<InstanceRow> {
  const list = answers[chain[0]];
  if (!Array.isArray(list)) return;
  for (const [i, inst] of list.entries()) {
    if (!isInstance(inst)) continue;
    const at = [...indices, i + 1];
    if (chain.length === 1) yield { response, indices: at, answers: inst };
    else yield* instancesIn(response, chain.slice(1), inst, at);
  }
}

/**
 * A repeat sheet's rows, a page of responses at a time: each instance of the repeat (at its depth)
 * in each matching response becomes a row (its cells read the instance's answers).
 */
export async function* repeatPages(
  db: Db,
  teamId: string,
  formId: string,
  f: ResponsesFilters,
  sheet: RepeatSheet,
): AsyncGenerator<unknown[][]> {
  yield [sheet.cols.map((c) => c.header)];
  for await (const rows of responsePages(db, teamId, formId, f)) {
    const out: unknown[][] = [];
    for (const r of rows)
      for (const inst of instancesIn(r, sheet.chain)) out.push(sheet.cols.map((c) => c.cell(inst)));
    if (out.length) yield out;
  }
}

/** Every version's questions of the form, oldest first. */
export async function formQuestionVersions(db: Db, formId: string) {
  const rows = await db
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(asc(formVersions.number));
  return rows.map((r) => r.questions);
}

/** How many responses the list's filters match. */
export async function countMatching(db: Db, teamId: string, formId: string, f: ResponsesFilters) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(formResponses)
    .where(responsesWhere(teamId, formId, f));
  return Number(n);
}

/** Rows per page of an export: memory holds two pages (the one being written, the next one read). */
const PAGE = 2000;

/**
 * The export's rows, a page at a time by sequence number (memory stays flat however many
 * responses match): the header first, as a page of one. The CSV and the XLSX are written from it.
 */
export async function* exportPages(
  db: Db,
  teamId: string,
  formId: string,
  f: ResponsesFilters,
  cols: ExportColumn[],
): AsyncGenerator<unknown[][]> {
  yield [cols.map((c) => c.header)];
  for await (const rows of responsePages(db, teamId, formId, f))
    yield rows.map((r) => cols.map((c) => c.cell(r)));
}

/**
 * The matching responses, PAGE at a time by sequence number (memory stays flat). The next page is
 * read while the caller writes the current one: the database and the writer work at once.
 */
async function* responsePages(
  db: Db,
  teamId: string,
  formId: string,
  f: ResponsesFilters,
): AsyncGenerator<ExportSourceRow[]> {
  const page = (after: number) =>
    db
      .select({
        id: formResponses.id,
        seq: formResponses.seq,
        submittedAt: formResponses.submittedAt,
        versionNumber: formResponses.versionNumber,
        wave: formResponses.wave,
        status: formResponses.status,
        code: stakeholders.code,
        answers: formResponses.answers,
      })
      .from(formResponses)
      .leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId))
      .where(and(responsesWhere(teamId, formId, f), gt(formResponses.seq, after)))
      .orderBy(asc(formResponses.seq))
      .limit(PAGE)
      .execute();
  let next: Promise<ExportSourceRow[]> | null = page(0);
  while (next) {
    const rows: ExportSourceRow[] = await next;
    next = rows.length < PAGE ? null : page(rows[rows.length - 1].seq);
    // a read that fails while the caller writes is reported when the caller asks for it
    next?.catch(() => {});
    if (rows.length) yield rows;
  }
}
