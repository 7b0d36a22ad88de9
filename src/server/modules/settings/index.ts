import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TeamSettingsView } from '../../../shared/settings/settings.pages.js';
import type { AppContext } from '../../platform/context.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { readSettings, teamSwitches } from './settings.queries.js';
import { registerExportJobs } from './export.job.js';
import { registerRetentionJob } from './retention.job.js';
import { registerDashboardSections } from './dashboard.sections.js';

/**
 * Team settings: general (language, timezone, fiscal year, retention of deleted responses), the
 * capability switches the platform enforces (ctx.features), monthly limits with usage, the
 * onboarding video text, and the export of all the team's data (a job writing a zip). It also
 * feeds the dashboard's two variants (dashboard.sections.ts).
 */
export async function settingsModule(app: FastifyInstance, ctx: AppContext) {
  ctx.features.use(teamSwitches);
  // one read of the team's settings per request, for both shared props
  const perRequest = new WeakMap<FastifyRequest, Promise<TeamSettingsView | null>>();
  const settingsOf = (request: FastifyRequest) => {
    let p = perRequest.get(request);
    if (!p) {
      const teamId = request.actor?.team?.id;
      p = teamId ? readSettings(ctx.db, teamId) : Promise.resolve(null);
      perRequest.set(request, p);
    }
    return p;
  };
  ctx.shared.add('features', async (request) => (await settingsOf(request))?.features ?? null);
  ctx.shared.add('teamDefaults', async (request) => {
    const s = await settingsOf(request);
    return s
      ? { language: s.language, timezone: s.timezone, fiscalYearStartMonth: s.fiscalYearStartMonth }
      : null;
  });
  registerSettingsRoutes(app, ctx);
  registerExportJobs(ctx);
  registerRetentionJob(ctx);
  registerDashboardSections(ctx);
}

export { aiRequestsInMonth, countAiRequest } from './ai-usage.js';
