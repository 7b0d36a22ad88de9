import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import type { ExportView, FormUsage } from '../../../shared/settings/settings.pages.js';
import { projects } from '../projects/read-model.js';
import { formResponses, forms } from '../forms/read-model.js';
import { teamExports } from './settings.tables.js';
import { exportPath } from './export.job.js';

export const monthOf = (now: Date) => now.toISOString().slice(0, 7);
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Each form of the team with the responses it received this month (UTC), busiest first. */
export async function formUsage(db: Db, teamId: string, now: Date): Promise<FormUsage[]> {
  const rows = await db
    .select({
      formId: forms.id,
      formName: forms.name,
      projectId: projects.id,
      projectName: projects.name,
      count: count(formResponses.id),
    })
    .from(forms)
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .leftJoin(
      formResponses,
      and(eq(formResponses.formId, forms.id), gte(formResponses.submittedAt, monthStart(now))),
    )
    .where(eq(forms.teamId, teamId))
    .groupBy(forms.id, forms.name, projects.id, projects.name)
    .orderBy(desc(count(formResponses.id)), asc(forms.name))
    .limit(200);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The team's exports, newest first, with a download link while the file is there. */
export async function exportViews(
  ctx: AppContext,
  teamId: string,
  now: Date,
  limit = 20,
): Promise<ExportView[]> {
  const rows = await ctx.db
    .select({ e: teamExports, by: users.name })
    .from(teamExports)
    .leftJoin(users, eq(users.id, teamExports.requestedBy))
    .where(eq(teamExports.teamId, teamId))
    .orderBy(desc(teamExports.createdAt), desc(teamExports.id))
    .limit(limit);
  return rows.map(({ e, by }) => {
    const available =
      e.status === 'done' &&
      !!e.expiresAt &&
      e.expiresAt > now &&
      existsSync(exportPath(ctx.config.dataDir, teamId, e.id));
    return {
      id: e.id,
      status: e.status,
      progress: e.progress ?? null,
      requestedBy: by ?? null,
      createdAt: e.createdAt.toISOString(),
      finishedAt: e.finishedAt?.toISOString() ?? null,
      expiresAt: e.expiresAt?.toISOString() ?? null,
      byteSize: e.byteSize ?? null,
      counts: e.counts ?? null,
      failure: e.failure ?? null,
      downloadHref: available
        ? ctx.routes.url('settings.exports.download', { export: e.id })
        : null,
    };
  });
}
