import { and, asc, countDistinct, desc, eq, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import type { DashboardSections } from '../../../shared/core/core.pages.js';
import { formResponseFlags, formResponses, forms } from '../forms/read-model.js';
import { learnings } from '../learnings/read-model.js';
import { problems } from '../problems/read-model.js';

const DAY_MS = 86_400_000;
/** "due" on the dashboard: overdue, or due within this many days */
const DUE_WITHIN_DAYS = 7;

/**
 * Responses waiting for review: those (not deleted) with at least one open data-quality flag, in
 * all and for the five forms holding most, each linking to its review queue.
 */
export async function qualityFlagsOf(
  ctx: AppContext,
  teamId: string,
): Promise<DashboardSections['qualityFlags']> {
  const open = and(
    eq(formResponseFlags.teamId, teamId),
    isNull(formResponseFlags.clearedAt),
    isNull(formResponses.deletedAt),
  );
  const responses = countDistinct(formResponseFlags.responseId);
  const [[{ n }], perForm] = await Promise.all([
    ctx.db
      .select({ n: responses })
      .from(formResponseFlags)
      .innerJoin(formResponses, eq(formResponses.id, formResponseFlags.responseId))
      .where(open),
    ctx.db
      .select({ id: forms.id, name: forms.name, n: responses })
      .from(formResponseFlags)
      .innerJoin(formResponses, eq(formResponses.id, formResponseFlags.responseId))
      .innerJoin(forms, eq(forms.id, formResponseFlags.formId))
      .where(open)
      .groupBy(forms.id, forms.name)
      .orderBy(desc(responses), asc(forms.name))
      .limit(5),
  ]);
  return {
    responses: Number(n),
    forms: perForm.map((f) => ({
      id: f.id,
      name: f.name,
      responses: Number(f.n),
      href: ctx.routes.url('responses.queue', { form: f.id }),
    })),
  };
}

/**
 * Learnings whose action falls due within a week or is overdue (in the team's timezone) and is not
 * done, soonest first, with the action's owner; each links to its problem's Learnings tab.
 */
export async function learningsDueOf(
  ctx: AppContext,
  teamId: string,
  today: string,
): Promise<DashboardSections['learningsDue']> {
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + DUE_WITHIN_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const rows = await ctx.db
    .select({
      id: learnings.id,
      summary: learnings.summary,
      action: learnings.action,
      due: learnings.actionDue,
      owner: users.name,
      problemId: problems.id,
      problem: problems.title,
    })
    .from(learnings)
    .innerJoin(problems, eq(problems.id, learnings.problemId))
    .leftJoin(users, eq(users.id, learnings.actionOwnerId))
    .where(
      and(
        eq(learnings.teamId, teamId),
        ne(learnings.status, 'done'),
        lte(learnings.actionDue, horizon),
        isNotNull(learnings.actionDue),
      ),
    )
    .orderBy(asc(learnings.actionDue), asc(learnings.createdAt))
    .limit(8);
  const t0 = Date.parse(`${today}T00:00:00Z`);
  return rows.map((r) => ({
    id: r.id,
    summary: r.summary,
    action: r.action,
    due: r.due!,
    inDays: Math.round((Date.parse(`${r.due}T00:00:00Z`) - t0) / DAY_MS),
    owner: r.owner,
    problem: r.problem,
    href: `${ctx.routes.url('problems.show', { problem: r.problemId })}?tab=learnings`,
  }));
}
