import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { formResponseFlags, formResponses, formVersions, stakeholders } from './forms.tables.js';
import { FLAG_RULES, type FlagRule } from '../../../shared/forms/quality.js';
import {
  REVIEW_STATUSES,
  isDisplayOnly,
  type Choice,
  type QuestionDef,
  type ReviewStatus,
} from '../../../shared/forms/questions.js';
import type { ResponseColumn, ResponsesFilters } from '../../../shared/forms/forms.pages.js';

const one = (q: Record<string, unknown>, k: string) =>
  typeof q[k] === 'string' ? (q[k] as string) : '';

/** The responses list's own filters (wave, version, status, date range, deleted), parsed leniently. */
export function parseFilters(query: unknown): ResponsesFilters {
  const q = (query ?? {}) as Record<string, unknown>;
  const version = /^\d{1,6}$/.test(one(q, 'version')) ? Number(one(q, 'version')) : null;
  const date = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
  return {
    flag: (FLAG_RULES as readonly string[]).includes(one(q, 'flag'))
      ? (one(q, 'flag') as FlagRule)
      : null,
    wave: /^[a-z0-9][a-z0-9_-]{0,39}$/.test(one(q, 'wave')) ? one(q, 'wave') : null,
    version,
    status: (REVIEW_STATUSES as readonly string[]).includes(one(q, 'status'))
      ? (one(q, 'status') as ReviewStatus)
      : null,
    from: date(one(q, 'from')),
    to: date(one(q, 'to')),
    deleted: one(q, 'deleted') === '1',
    test: one(q, 'test') === '1',
  };
}

export function responsesWhere(teamId: string, formId: string, f: ResponsesFilters): SQL {
  const conds: SQL[] = [eq(formResponses.teamId, teamId), eq(formResponses.formId, formId)];
  conds.push(f.deleted ? isNotNull(formResponses.deletedAt) : isNull(formResponses.deletedAt));
  if (f.wave) conds.push(eq(formResponses.wave, f.wave));
  if (f.flag)
    conds.push(
      sql`exists (select 1 from ${formResponseFlags} where ${formResponseFlags.responseId} = ${formResponses.id} and ${formResponseFlags.rule} = ${f.flag} and ${formResponseFlags.clearedAt} is null)`,
    );
  if (f.version) conds.push(eq(formResponses.versionNumber, f.version));
  if (f.status) conds.push(eq(formResponses.status, f.status));
  if (f.from) conds.push(gte(formResponses.submittedAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to)
    conds.push(
      lt(formResponses.submittedAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)),
    );
  return and(...conds)!;
}

/** One page of a form's responses. */
export async function responsesPage(
  db: Db,
  teamId: string,
  formId: string,
  query: unknown,
  f: ResponsesFilters,
) {
  const page = await tableQuery(db, query, {
    select: {
      id: formResponses.id,
      seq: formResponses.seq,
      version: formResponses.versionNumber,
      wave: formResponses.wave,
      status: formResponses.status,
      submittedAt: formResponses.submittedAt,
      deletedAt: formResponses.deletedAt,
      answers: formResponses.answers,
      stakeholderId: stakeholders.id,
      stakeholderCode: stakeholders.code,
      stakeholderName: stakeholders.name,
      flags: sql<
        FlagRule[] | null
      >`(select array_agg(${formResponseFlags.rule} order by ${formResponseFlags.rule}) from ${formResponseFlags} where ${formResponseFlags.responseId} = ${formResponses.id} and ${formResponseFlags.clearedAt} is null)`,
    },
    from: formResponses,
    joins: (q) => q.leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId)),
    where: responsesWhere(teamId, formId, f),
    // the search box matches any answer's text, and the stakeholder's name or id
    searchable: [formResponses.answers, stakeholders.name, stakeholders.code],
    sortable: {
      seq: formResponses.seq,
      submitted_at: formResponses.submittedAt,
      status: formResponses.status,
    },
    defaultSort: 'seq',
    defaultDir: 'desc',
    tiebreak: formResponses.id,
  });
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      version: r.version,
      wave: r.wave,
      status: r.status,
      submittedAt: r.submittedAt.toISOString(),
      deleted: r.deletedAt !== null,
      answers: r.answers,
      flags: r.flags ?? [],
      stakeholder: r.stakeholderId
        ? { id: r.stakeholderId, code: r.stakeholderCode!, name: r.stakeholderName! }
        : null,
    })),
  };
}

/**
 * The union of every version's questions by key (the latest label and type win; the choices and
 * matrix rows of every version, the latest label per value), in first-seen order.
 */
export async function questionColumns(db: Db, formId: string) {
  const versions = await db
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number));
  const cols = new Map<string, ResponseColumn & { other: boolean }>();
  for (const v of [...versions].reverse())
    for (const q of v.questions) {
      if (isDisplayOnly(q.type)) continue;
      const prev = cols.get(q.key);
      cols.set(q.key, {
        ...responseColumn(q),
        choices: mergeChoices(prev?.choices, q.choices),
        ...(q.rows || prev?.rows ? { rows: mergeChoices(prev?.rows, q.rows) } : {}),
        other: (prev?.other ?? false) || q.allowOther,
      });
    }
  return [...cols.values()];
}

/** One version's question as a column of the responses table. */
export function responseColumn(q: QuestionDef): ResponseColumn {
  const pick = (c: Choice) => ({ value: c.value, label: c.label });
  return {
    key: q.key,
    label: q.label,
    type: q.type,
    choices: (q.choices ?? []).map(pick),
    ...(q.rows ? { rows: q.rows.map(pick) } : {}),
  };
}

/** Earlier versions' choices with a later version's: the later label wins, removed ones stay. */
function mergeChoices(earlier: Choice[] | undefined, later: Choice[] | undefined): Choice[] {
  const byValue = new Map((earlier ?? []).map((c) => [c.value, c]));
  for (const c of later ?? []) byValue.set(c.value, { value: c.value, label: c.label });
  return [...byValue.values()];
}

export async function versionNumbers(db: Db, formId: string) {
  const rows = await db
    .select({ n: formVersions.number })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number));
  return rows.map((r) => r.n);
}

/** How many live responses of the form have an open data quality flag. */
export async function flaggedCount(db: Db, formId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${formResponseFlags.responseId})::int` })
    .from(formResponseFlags)
    .innerJoin(formResponses, eq(formResponses.id, formResponseFlags.responseId))
    .where(
      and(
        eq(formResponseFlags.formId, formId),
        isNull(formResponseFlags.clearedAt),
        isNull(formResponses.deletedAt),
      ),
    );
  return row.n;
}
