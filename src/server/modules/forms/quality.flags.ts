import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { formResponseFlags, formResponses } from './forms.tables.js';
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
}

/** The form's other live responses. */
const others = (r: Pick<Subject, 'id' | 'formId'>) =>
  and(
    eq(formResponses.formId, r.formId),
    ne(formResponses.id, r.id),
    isNull(formResponses.deletedAt),
  );

/**
 * How many of the form's latest live responses the statistical rules (speeder's median,
 * out-of-range quartiles) read: a bounded window by `seq` (the form_seq index), so a submission's
 * cost does not grow with the form. A form with fewer responses is read whole.
 */
export const STATS_WINDOW = 1000;

/**
 * The rules that compare with the form's other responses by their figures (speeder, out of range),
 * in one statement over the latest STATS_WINDOW other live responses. They need no lock: a figure
 * from a response committed a moment earlier or later changes a median, not a decision's kind.
 */
export async function statisticalReasons(
  db: Db,
  r: Pick<Subject, 'id' | 'formId' | 'answers' | 'durationMs'>,
  questions: QuestionDef[],
) {
  const numeric = questions.filter(
    (q) => NUMBER_TYPES.includes(q.type) && typeof r.answers[q.key] === 'number',
  );
  if (r.durationMs === null && !numeric.length) return { speeder: null, out_of_range: null };
  const recent = db
    .select({ durationMs: formResponses.durationMs, answers: formResponses.answers })
    .from(formResponses)
    .where(others(r))
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
  numeric.forEach((q, i) => {
    columns[`n${i}`] = sql<number>`count(${value(q.key)})::int`.as(`n${i}`);
    columns[`q1_${i}`] = sql`percentile_cont(0.25) within group (order by ${value(q.key)})`.as(
      `q1_${i}`,
    );
    columns[`q3_${i}`] = sql`percentile_cont(0.75) within group (order by ${value(q.key)})`.as(
      `q3_${i}`,
    );
  });
  const [row] = (await db.select(columns).from(recent)) as Array<Record<string, unknown>>;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const answered = Object.keys(r.answers).filter((k) => !k.includes('__')).length;
  const spreads: QuestionSpread[] = numeric.map((q, i) => ({
    key: q.key,
    label: q.label,
    count: Number(row[`n${i}`]),
    q1: num(row[`q1_${i}`]),
    q3: num(row[`q3_${i}`]),
  }));
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
}

/** The duplicate rule: the first other live response from the same stakeholder and wave, or with the same answers. */
export async function duplicateOf(db: Db, r: Subject) {
  const first = (where: ReturnType<typeof and>) =>
    db
      .select({ seq: formResponses.seq })
      .from(formResponses)
      .where(and(others(r), where))
      .orderBy(asc(formResponses.seq))
      .limit(1)
      .then((rows) => rows[0] ?? null);
  return duplicateReason({
    sameStakeholderWave: r.stakeholderId
      ? await first(
          and(
            eq(formResponses.stakeholderId, r.stakeholderId),
            sql`${formResponses.wave} is not distinct from ${r.wave}`,
          ),
        )
      : null,
    sameAnswers: r.fingerprint ? await first(eq(formResponses.fingerprint, r.fingerprint)) : null,
  });
}

/**
 * Store one response's rule results: a rule that fires adds its flag (or updates an open one's
 * reason); an open flag whose rule no longer fires goes (not looked for on a response just
 * inserted: it has none); a cleared flag stays as the reviewer left it.
 */
export async function storeFlags(
  db: Db,
  r: Pick<Subject, 'id' | 'teamId' | 'formId'>,
  reasons: Record<FlagRule, string | null>,
  o: { fresh: boolean },
) {
  const entries = Object.entries(reasons) as Array<[FlagRule, string | null]>;
  const firing = entries.filter((e): e is [FlagRule, string] => e[1] !== null);
  if (firing.length)
    await db
      .insert(formResponseFlags)
      .values(
        firing.map(([rule, reason]) => ({
          teamId: r.teamId,
          formId: r.formId,
          responseId: r.id,
          rule,
          reason,
        })),
      )
      .onConflictDoUpdate({
        target: [formResponseFlags.responseId, formResponseFlags.rule],
        set: { reason: sql`excluded.reason` },
        setWhere: isNull(formResponseFlags.clearedAt),
      });
  const quiet = entries.filter((e) => e[1] === null).map(([rule]) => rule);
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

/**
 * Compute the data quality rules for one response (on submit and on edit) and store the result:
 * a rule that fires adds its flag (or updates an open one's reason); an open flag whose rule no
 * longer fires goes; a cleared flag stays as the reviewer left it.
 */
export async function refreshFlags(db: Db, r: Subject, questions: QuestionDef[]) {
  const reasons: Record<FlagRule, string | null> = {
    ...(await statisticalReasons(db, r, questions)),
    duplicate: await duplicateOf(db, r),
    straight_lining: straightLiningReason(r.answers, questions),
  };
  await storeFlags(db, r, reasons, { fresh: false });
  return reasons;
}
