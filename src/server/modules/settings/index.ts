import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { teamSwitches } from './settings.queries.js';
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
  ctx.shared.add('features', async (request) => {
    const teamId = request.actor?.team?.id;
    return teamId ? (await teamSwitches(ctx.db, teamId)).features : null;
  });
  registerSettingsRoutes(app, ctx);
  registerExportJobs(ctx);
  registerRetentionJob(ctx);
  registerDashboardSections(ctx);
}
