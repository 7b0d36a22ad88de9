import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { jsonRowsInsert } from '../../platform/db/json-rows.js';
import { formResponseFlags, formResponses, forms } from './forms.tables.js';
import type { Answers } from '../../../shared/forms/answers.js';
import { NUMBER_TYPES, type QuestionDef } from '../../../shared/forms/questions.js';
import {
  duplicateReason,
  outOfRangeReason,
  speederReason,
  straightLiningReason,
  type FlagRule,
  type QuestionSpread,
} from '../../../shared/forms/quality.js';

interface Subject {
  id: string;
  teamId: string;
  formId: string;
  stakeholderId: string | null;
  wave: string | null;
  answers: Answers;
  durationMs: number | null;
  fingerprint: string | null;
  seq: number;
}

/** The form's live responses, but `id` (a response judged against the others), if given. */
const others = (r: { id?: string; formId: string }) =>
  and(
    eq(formResponses.formId, r.formId),
    r.id ? ne(formResponses.id, r.id) : undefined,
    isNull(formResponses.deletedAt),
  );

/**
 * How many of the form's latest live responses the statistical rules (speeder's median,
 * out-of-range quartiles) read: a bounded window by `seq` (the form_seq index), so a submission's
 * cost does not grow with the form. A form with fewer responses is read whole.
 */
export const STATS_WINDOW = 1000;

/** One response the statistical rules judge: its answers, its duration and its version's questions. */
interface Judged {
  answers: Answers;
  durationMs: number | null;
  questions: QuestionDef[];
}

const numericOf = (r: Judged) =>
  r.questions.filter((q) => NUMBER_TYPES.includes(q.type) && typeof r.answers[q.key] === 'number');

/**
 * The rules that compare with the form's other responses by their figures (speeder, out of range),
 * in one statement over the latest STATS_WINDOW other live responses. They need no lock: a figure
 * from a response committed a moment earlier or later changes a median, not a decision's kind.
 */
async function statisticalReasons(
  db: Db,
  r: Pick<Subject, 'id' | 'formId' | 'answers' | 'durationMs'>,
  questions: QuestionDef[],
) {
  const [reasons] = await statisticalReasonsOf(db, { formId: r.formId, except: r.id }, [
    { answers: r.answers, durationMs: r.durationMs, questions },
  ]);
  return reasons;
}

/**
 * The same for several responses of one form at once (a batch of submissions): one statement
 * reads the window's figures for every numeric question any of them answered, and each response
 * is judged against them (the batch's responses do not judge each other, as two submissions a
 * moment apart would not).
 */
export async function statisticalReasonsOf(
  db: Db,
  o: { formId: string; except?: string; seq?: number },
  judged: Judged[],
): Promise<Array<{ speeder: string | null; out_of_range: string | null }>> {
  const keys = [...new Set(judged.flatMap((r) => numericOf(r).map((q) => q.key)))];
  if (!keys.length && judged.every((r) => r.durationMs === null))
    return judged.map(() => ({ speeder: null, out_of_range: null }));
  const row = await windowFigures(db, o, keys);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return judged.map((r) => {
    const answered = Object.keys(r.answers).filter((k) => !k.includes('__')).length;
    const spreads: QuestionSpread[] = numericOf(r).map((q) => {
      const i = keys.indexOf(q.key);
      return {
        key: q.key,
        label: q.label,
        count: Number(row[`n${i}`]),
        q1: num(row[`q1_${i}`]),
        q3: num(row[`q3_${i}`]),
      };
    });
    return {
      speeder:
        r.durationMs === null
          ? null
          : speederReason(r.durationMs, answered, {
              count: Number(row.timed),
              medianMs: num(row.median),
            }),
      out_of_range: outOfRangeReason(r.answers, spreads),
    };
  });
}

type Figures = Record<string, unknown>;

/**
 * The window's figures, kept per form and set of questions while the form has taken fewer new
 * responses than a twentieth of the window since they were read (`seq`, the form's last number
 * as the submission read it): a burst on one form reads them once per twenty-odd batches, not once
 * per batch, and a median or quartile over a thousand responses barely moves with 50 more. Without
 * `seq` (a response judged again against the others), always read.
 */
const figuresCache = new Map<string, { seq: number; row: Figures }>();
const FIGURES_CACHE_MAX = 500;

async function windowFigures(
  db: Db,
  o: { formId: string; except?: string; seq?: number },
  keys: string[],
): Promise<Figures> {
  const seq = o.except ? undefined : o.seq;
  const cacheKey = `${o.formId}|${keys.join('|')}`;
  const kept = seq === undefined ? undefined : figuresCache.get(cacheKey);
  if (kept && seq !== undefined && seq >= kept.seq) {
    const fresh = Math.max(1, Math.floor(Math.min(kept.seq, STATS_WINDOW) / 20));
    if (seq - kept.seq < fresh) return kept.row;
  }
  const recent = db
    .select({ durationMs: formResponses.durationMs, answers: formResponses.answers })
    .from(formResponses)
    .where(
      and(
        others({ id: o.except, formId: o.formId }),
        // the window by number too, so the plan is the form_seq index's range whatever the
        // planner guesses of a new form's size (a guess of "few" read the whole form and sorted it)
        sql`${formResponses.seq} > (select ${forms.responseSeq} from ${forms} where ${forms.id} = ${o.formId}) - ${STATS_WINDOW}`,
      ),
    )
    .orderBy(desc(formResponses.seq))
    .limit(STATS_WINDOW)
    .as('recent');
  const value = (key: string) =>
    sql`case when jsonb_typeof(${recent.answers} -> ${key}) = 'number' then (${recent.answers} ->> ${key})::float8 end`;
  const columns: Record<string, SQL.Aliased> = {
    timed: sql<number>`count(${recent.durationMs})::int`.as('timed'),
    median: sql<
      number | null
    >`percentile_cont(0.5) within group (order by ${recent.durationMs})`.as('median'),
  };
  keys.forEach((key, i) => {
    columns[`n${i}`] = sql<number>`count(${value(key)})::int`.as(`n${i}`);
    columns[`q1_${i}`] = sql`percentile_cont(0.25) within group (order by ${value(key)})`.as(
      `q1_${i}`,
    );
    columns[`q3_${i}`] = sql`percentile_cont(0.75) within group (order by ${value(key)})`.as(
      `q3_${i}`,
    );
  });
  const [row] = (await db.select(columns).from(recent)) as Figures[];
  if (seq !== undefined) {
    if (figuresCache.size >= FIGURES_CACHE_MAX) figuresCache.clear();
    figuresCache.set(cacheKey, { seq, row });
  }
  return row;
}

/** What the duplicate rule compares: the response's stakeholder and wave, and its answers' fingerprint. */
type DuplicateSubject = Pick<Subject, 'id' | 'stakeholderId' | 'wave' | 'fingerprint'>;

/** For each response judged (`i`, its place), the number of the first stored match of each kind. */
export interface StoredMatch {
  i: number;
  sw: number | null;
  fp: number | null;
}

/**
 * The duplicate rule's read, one statement for one or many responses of a form: for each, the
 * first (by number) other live stored response from the same stakeholder and wave, and the first
 * with the same answers. A writer may run it beside other reads (one round trip).
 */
export function storedDuplicatesQuery(formId: string, rows: DuplicateSubject[]): SQL {
  const json = JSON.stringify(
    rows.map((r, i) => ({ i, id: r.id, sid: r.stakeholderId, wave: r.wave, fp: r.fingerprint })),
  );
  const match = sql`o.form_id = ${formId} and o.deleted_at is null and o.id <> v.id`;
  return sql`select v.i,
      (select o.seq from ${formResponses} o where ${match} and v.sid is not null
        and o.stakeholder_id = v.sid and o.wave is not distinct from v.wave
        order by o.seq limit 1) as sw,
      (select o.seq from ${formResponses} o where ${match} and v.fp is not null
        and o.fingerprint = v.fp order by o.seq limit 1) as fp
    from jsonb_to_recordset(${json}::jsonb)
      as v(i int, id uuid, sid uuid, wave text, fp text)`;
}

/**
 * The duplicate rule's reasons from its read. Responses about to be inserted together
 * (`pending`, in the order of their numbers) are also compared with the batch's earlier ones, so
 * of two identical responses the later one is flagged, as when they come one at a time; a stored
 * match always comes first (it has a lower number).
 */
export function duplicateReasons(
  rows: Array<DuplicateSubject & { seq: number }>,
  found: StoredMatch[],
  o: { pending: boolean },
): Array<string | null> {
  const stored = new Map(found.map((x) => [Number(x.i), x]));
  const seq = (v: number | null | undefined) => (v == null ? null : { seq: Number(v) });
  return rows.map((r, i) => {
    const before = o.pending ? rows.slice(0, i) : [];
    const sameWave =
      r.stakeholderId === null
        ? undefined
        : before.find((b) => b.stakeholderId === r.stakeholderId && b.wave === r.wave);
    const sameAnswers =
      r.fingerprint === null ? undefined : before.find((b) => b.fingerprint === r.fingerprint);
    return duplicateReason({
      sameStakeholderWave: seq(stored.get(i)?.sw ?? sameWave?.seq),
      sameAnswers: seq(stored.get(i)?.fp ?? sameAnswers?.seq),
    });
  });
}

/** The duplicate rule for one or many responses of a form (its read, then its reasons). */
export async function duplicatesOf(
  db: Db,
  formId: string,
  rows: Array<DuplicateSubject & { seq: number }>,
  o: { pending: boolean },
): Promise<Array<string | null>> {
  if (!rows.length) return [];
  const result = (await db.execute(storedDuplicatesQuery(formId, rows))) as unknown as {
    rows: StoredMatch[];
  };
  return duplicateReasons(rows, result.rows, o);
}

/**
 * Store one response's rule results: a rule that fires adds its flag (or updates an open one's
 * reason); an open flag whose rule no longer fires goes (not looked for on a response just
 * inserted: it has none); a cleared flag stays as the reviewer left it.
 */
async function storeFlags(
  db: Db,
  r: Pick<Subject, 'id' | 'teamId' | 'formId'>,
  reasons: Record<FlagRule, string | null>,
  o: { fresh: boolean },
) {
  const insert = flagsInsert([{ response: r, reasons }]);
  if (insert) await db.execute(insert);
  const quiet = (Object.entries(reasons) as Array<[FlagRule, string | null]>)
    .filter((e) => e[1] === null)
    .map(([rule]) => rule);
  if (!o.fresh && quiet.length)
    await db
      .delete(formResponseFlags)
      .where(
        and(
          eq(formResponseFlags.responseId, r.id),
          inArray(formResponseFlags.rule, quiet),
          isNull(formResponseFlags.clearedAt),
        ),
      );
}

/** A judged response and its rule results (a rule that fires has its reason). */
interface Judgement {
  response: Pick<Subject, 'id' | 'teamId' | 'formId'>;
  reasons: Record<FlagRule, string | null>;
}

/**
 * The statement storing the flags whose rule fires, of one or many responses (an open flag's
 * reason updated); null when no rule fires. A writer may run it beside its other writes.
 */
export function flagsInsert(judged: Judgement[]): SQL | null {
  const rows = judged.flatMap(({ response: r, reasons }) =>
    (Object.entries(reasons) as Array<[FlagRule, string | null]>)
      .filter((e): e is [FlagRule, string] => e[1] !== null)
      .map(([rule, reason]) => ({
        teamId: r.teamId,
        formId: r.formId,
        responseId: r.id,
        rule,
        reason,
      })),
  );
  return jsonRowsInsert(
    formResponseFlags,
    rows,
    sql`on conflict (response_id, rule) do update set reason = excluded.reason
      where ${formResponseFlags.clearedAt} is null`,
  );
}

/**
 * Compute the data quality rules for one response (on submit and on edit) and store the result:
 * a rule that fires adds its flag (or updates an open one's reason); an open flag whose rule no
 * longer fires goes; a cleared flag stays as the reviewer left it.
 */
export async function refreshFlags(db: Db, r: Subject, questions: QuestionDef[]) {
  const reasons: Record<FlagRule, string | null> = {
    ...(await statisticalReasons(db, r, questions)),
    duplicate: (await duplicatesOf(db, r.formId, [r], { pending: false }))[0],
    straight_lining: straightLiningReason(r.answers, questions),
  };
  await storeFlags(db, r, reasons, { fresh: false });
  return reasons;
}
