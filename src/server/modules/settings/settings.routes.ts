import { createReadStream, existsSync } from 'node:fs';
import { notFound } from '../../platform/errors.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  exportRequestSchema,
  featureSettingsSchema,
  generalSettingsSchema,
  limitSettingsSchema,
  videoSettingsSchema,
} from '../../../shared/settings/settings.schemas.js';
import { exportPath } from './export.job.js';
import { exportViews, formUsage, monthOf } from './settings.props.js';
import { aiRequestsInMonth } from './ai-usage.js';
import { readSettings } from './settings.queries.js';
import {
  downloadExport,
  requestExport,
  updateFeatureSettings,
  updateGeneralSettings,
  updateLimitSettings,
  updateVideoSettings,
} from './settings.use-cases.js';

const manage = { kind: 'team', permission: 'team.settings.manage' } as const;
const teamOf = (request: FastifyRequest) => request.actor!.team!.id;

/** The settings pages: home, one page per section, and the export of all the team's data. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/settings',
    { config: { name: 'settings.index', access: manage } },
    async (request, reply) => {
      const teamId = teamOf(request);
      return reply.inertia('settings/index', {
        settings: await readSettings(ctx.db, teamId),
        lastExport: (await exportViews(ctx, teamId, new Date(), 1))[0] ?? null,
      });
    },
  );

  app.get(
    '/settings/general',
    { config: { name: 'settings.show', access: manage } },
    async (request, reply) => {
      const s = await readSettings(ctx.db, teamOf(request));
      return reply.inertia('settings/show', {
        settings: {
          language: s.language,
          timezone: s.timezone,
          fiscalYearStartMonth: s.fiscalYearStartMonth,
          retentionDays: s.retentionDays,
        },
      });
    },
  );
  app.put(
    '/settings/general',
    { config: { name: 'settings.update', access: manage } },
    async (request, reply) => {
      const input = parseInput(generalSettingsSchema, request.body);
      await runUseCase(ctx, actorOf(request), (uc) => updateGeneralSettings(uc, input));
      reply.flash({ success: 'General settings saved.' });
      return reply.redirect(ctx.routes.url('settings.show'), 303);
    },
  );

  app.get(
    '/settings/features',
    { config: { name: 'settings.features', access: manage } },
    async (request, reply) =>
      reply.inertia('settings/team-feature-settings', {
        features: (await readSettings(ctx.db, teamOf(request))).features,
      }),
  );
  app.put(
    '/settings/features',
    { config: { name: 'settings.features.update', access: manage } },
    async (request, reply) => {
      const input = parseInput(featureSettingsSchema, request.body);
      await runUseCase(ctx, actorOf(request), (uc) => updateFeatureSettings(uc, input));
      reply.flash({ success: 'Team features saved.' });
      return reply.redirect(ctx.routes.url('settings.features'), 303);
    },
  );

  app.get(
    '/settings/limits',
    { config: { name: 'settings.limits', access: manage } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const now = new Date();
      const s = await readSettings(ctx.db, teamId);
      return reply.inertia('settings/request-review-limit', {
        limits: {
          aiMonthlyLimit: s.aiMonthlyLimit,
          publicResponsesMonthlyLimit: s.publicResponsesMonthlyLimit,
        },
        month: monthOf(now),
        aiRequests: await aiRequestsInMonth(ctx.db, teamId, now),
        forms: await formUsage(ctx.db, teamId, now),
      });
    },
  );
  app.put(
    '/settings/limits',
    { config: { name: 'settings.limits.update', access: manage } },
    async (request, reply) => {
      const input = parseInput(limitSettingsSchema, request.body);
      await runUseCase(ctx, actorOf(request), (uc) => updateLimitSettings(uc, input));
      reply.flash({ success: 'Monthly limits saved.' });
      return reply.redirect(ctx.routes.url('settings.limits'), 303);
    },
  );

  app.get(
    '/settings/video',
    { config: { name: 'settings.video', access: manage } },
    async (request, reply) => {
      const s = await readSettings(ctx.db, teamOf(request));
      return reply.inertia('settings/video-text', {
        video: {
          videoUrl: s.videoUrl,
          videoTranscript: s.videoTranscript,
          videoCaptions: s.videoCaptions,
        },
      });
    },
  );
  app.put(
    '/settings/video',
    { config: { name: 'settings.video.update', access: manage } },
    async (request, reply) => {
      const input = parseInput(videoSettingsSchema, request.body);
      await runUseCase(ctx, actorOf(request), (uc) => updateVideoSettings(uc, input));
      reply.flash({ success: 'Video text saved: it shows on the dashboard’s getting started.' });
      return reply.redirect(ctx.routes.url('settings.video'), 303);
    },
  );

  app.get(
    '/settings/exports',
    { config: { name: 'settings.exports', access: manage } },
    async (request, reply) =>
      reply.inertia('settings/exports', {
        exports: () => exportViews(ctx, teamOf(request), new Date()),
      }),
  );
  app.post(
    '/settings/exports',
    { config: { name: 'settings.exports.store', access: manage } },
    async (request, reply) => {
      parseInput(exportRequestSchema, request.body ?? {});
      const { started } = await runUseCase(ctx, actorOf(request), (uc) => requestExport(uc));
      reply.flash(
        started
          ? { success: 'Export started: this page shows its progress.' }
          : { info: 'An export is already running: this page shows its progress.' },
      );
      return reply.redirect(ctx.routes.url('settings.exports'), 303);
    },
  );
  app.get(
    '/settings/exports/:export/download',
    { config: { name: 'settings.exports.download', access: manage } },
    async (request, reply) => {
      const id = (request.params as Record<string, string>).export;
      const row = await runUseCase(ctx, actorOf(request), (uc) => downloadExport(uc, id));
      const file = exportPath(ctx.config.dataDir, row.teamId, row.id);
      if (!existsSync(file)) throw notFound('Export');
      const day = row.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="pathways-export-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
