import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
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
const others = (r: Subject) =>
  and(
    eq(formResponses.formId, r.formId),
    ne(formResponses.id, r.id),
    isNull(formResponses.deletedAt),
  );

async function speeder(db: Db, r: Subject) {
  const answered = Object.keys(r.answers).filter((k) => !k.includes('__')).length;
  if (r.durationMs === null) return null;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${formResponses.durationMs})`,
    })
    .from(formResponses)
    .where(and(others(r), isNotNull(formResponses.durationMs)));
  return speederReason(r.durationMs, answered, {
    count: row.count,
    medianMs: row.median === null ? null : Number(row.median),
  });
}

async function duplicate(db: Db, r: Subject) {
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

async function outOfRange(db: Db, r: Subject, questions: QuestionDef[]) {
  const spreads: QuestionSpread[] = [];
  for (const q of questions) {
    if (!NUMBER_TYPES.includes(q.type) || typeof r.answers[q.key] !== 'number') continue;
    const value = sql`(${formResponses.answers} ->> ${q.key})::float8`;
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        q1: sql<number | null>`percentile_cont(0.25) within group (order by ${value})`,
        q3: sql<number | null>`percentile_cont(0.75) within group (order by ${value})`,
      })
      .from(formResponses)
      .where(and(others(r), sql`jsonb_typeof(${formResponses.answers} -> ${q.key}) = 'number'`));
    spreads.push({
      key: q.key,
      label: q.label,
      count: row.count,
      q1: row.q1 === null ? null : Number(row.q1),
      q3: row.q3 === null ? null : Number(row.q3),
    });
  }
  return outOfRangeReason(r.answers, spreads);
}

/**
 * Compute the data quality rules for one response (on submit and on edit) and store the result:
 * a rule that fires adds its flag (or updates an open one's reason); an open flag whose rule no
 * longer fires goes; a cleared flag stays as the reviewer left it.
 */
export async function refreshFlags(db: Db, r: Subject, questions: QuestionDef[]) {
  const reasons: Record<FlagRule, string | null> = {
    speeder: await speeder(db, r),
    duplicate: await duplicate(db, r),
    out_of_range: await outOfRange(db, r, questions),
    straight_lining: straightLiningReason(r.answers, questions),
  };
  for (const [rule, reason] of Object.entries(reasons) as Array<[FlagRule, string | null]>) {
    if (reason)
      await db
        .insert(formResponseFlags)
        .values({ teamId: r.teamId, formId: r.formId, responseId: r.id, rule, reason })
        .onConflictDoUpdate({
          target: [formResponseFlags.responseId, formResponseFlags.rule],
          set: { reason },
          setWhere: isNull(formResponseFlags.clearedAt),
        });
    else
      await db
        .delete(formResponseFlags)
        .where(
          and(
            eq(formResponseFlags.responseId, r.id),
            eq(formResponseFlags.rule, rule),
            isNull(formResponseFlags.clearedAt),
          ),
        );
  }
  return reasons;
}
