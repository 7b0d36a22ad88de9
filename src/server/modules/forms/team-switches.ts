import { and, count, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { formResponses } from './forms.tables.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';
import { say, type ClosedNotice, type PageText } from '../../../shared/forms/page-text/format.js';

/** The first instant of `now`'s calendar month (UTC): monthly limits count from here. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Responses a form received this calendar month (UTC), deleted ones included. */
async function responsesThisMonth(db: Db, formId: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(formResponses)
    .where(and(eq(formResponses.formId, formId), gte(formResponses.submittedAt, monthStart(now))));
  return Number(row?.n ?? 0);
}

/** The 409/403's code and message, and the notice the public page says in its own language. */
type Refusal = { code: 'FEATURE_DISABLED' | 'CONFLICT'; message: string; notice: ClosedNotice };

/**
 * What the team's settings say about a form taking responses (ctx.features, set by the settings
 * module): public forms switched off, or the monthly limit per form reached. Null: nothing against.
 */
export async function teamRefusal(
  ctx: Pick<AppContext, 'features'>,
  db: Db,
  form: { id: string; teamId: string },
  t: PageText = pageTextFor('en'),
  now = new Date(),
): Promise<Refusal | null> {
  return (await teamSwitchesFor(ctx, db, form, t, now)).refused;
}

/** The same, and whether a monthly limit applies (the submit counts it again under the form's lock). */
export async function teamSwitchesFor(
  ctx: Pick<AppContext, 'features'>,
  db: Db,
  form: { id: string; teamId: string },
  t: PageText = pageTextFor('en'),
  now = new Date(),
): Promise<{ refused: Refusal | null; monthlyLimit: boolean }> {
  const switches = await ctx.features.of(db, form.teamId);
  const limit = switches.publicResponsesMonthlyLimit;
  if (!switches.features.public_forms)
    return {
      refused: {
        code: 'FEATURE_DISABLED',
        message: say(t, 'publicFormsOff'),
        notice: { key: 'publicFormsOff' },
      },
      monthlyLimit: limit != null,
    };
  if (limit != null && (await responsesThisMonth(db, form.id, now)) >= limit)
    return {
      refused: {
        code: 'CONFLICT',
        message: say(t, 'monthlyLimit'),
        notice: { key: 'monthlyLimit' },
      },
      monthlyLimit: true,
    };
  return { refused: null, monthlyLimit: limit != null };
}

/**
 * How many more responses the team's monthly limit lets the form take this month (Infinity: no
 * limit). A batch of submissions counts it once, under the form's lock.
 */
export async function monthlyRoom(
  ctx: Pick<AppContext, 'features'>,
  db: Db,
  form: { id: string; teamId: string },
  now = new Date(),
): Promise<number> {
  const limit = (await ctx.features.of(db, form.teamId)).publicResponsesMonthlyLimit;
  if (limit == null) return Infinity;
  return Math.max(0, limit - (await responsesThisMonth(db, form.id, now)));
}
