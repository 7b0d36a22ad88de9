import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  RESPONSE_EXPORT_FILTERS,
  type ResponseExportFileType,
  type ResponseExportOptions,
  type ResponseExportView,
} from '../../../shared/forms/responses-export.js';
import { responseExportSchema } from '../../../shared/forms/forms.schemas.js';
import { findForm } from './forms.queries.js';
import { param, teamOf, view } from './forms.routes.js';
import { parseFilters } from './responses.props.js';
import { countMatching } from './responses.export.js';
import { responsesFile, storedResponseExport } from './responses-export.job.js';
import {
  downloadResponseExport,
  findResponseExport,
  requestResponseExport,
} from './responses-export.use-cases.js';

const CONTENT_TYPE: Record<ResponseExportFileType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};
const fileName = (formName: string, type: ResponseExportFileType) =>
  `${
    formName
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .slice(0, 60) || 'form'
  } responses.${type}`;

const KEYS = new Set<string>(['format', 'content', 'multiple', ...RESPONSE_EXPORT_FILTERS]);

/** The export's options (a download's query may carry the list's other parameters: those are left out). */
function optionsOf(input: unknown, fromQuery: boolean): ResponseExportOptions {
  const raw = (input ?? {}) as Record<string, unknown>;
  const picked = fromQuery
    ? Object.fromEntries(Object.entries(raw).filter(([k]) => KEYS.has(k)))
    : raw;
  const { format, content, multiple } = parseInput(responseExportSchema, picked);
  return { format, content, multiple };
}

/**
 * Exports of a form's responses (CSV or XLSX; values or labels; multiple choice joined or one
 * column per choice; the list's filters): a direct streamed download, or, past
 * `config.responseExportJobThreshold` matching responses, a background job with a status page.
 */
export function registerResponseExportRoutes(app: FastifyInstance, ctx: AppContext) {
  // streamed in pages of 500 by sequence number: memory stays flat however many responses there are
  app.get(
    '/forms/:form/responses/export',
    { config: { name: 'responses.export', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { form } = await findForm(ctx.db, teamId, param(request, 'form'));
      const options = optionsOf(request.query, true);
      const filters = parseFilters(request.query);
      const { type, body } = await responsesFile(ctx.db, {
        teamId,
        formId: form.id,
        filters,
        options,
      });
      return reply
        .header('content-type', CONTENT_TYPE[type])
        .header('content-disposition', `attachment; filename="${fileName(form.name, type)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(body));
    },
  );

  // the export dialog: a small export downloads at once, a large one starts a job
  app.post(
    '/forms/:form/responses/exports',
    { config: { name: 'responses.exports.store', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { form } = await findForm(ctx.db, teamId, param(request, 'form'));
      const options = optionsOf(request.body, false);
      const filters = parseFilters(request.body);
      const n = await countMatching(ctx.db, teamId, form.id, filters);
      if (n <= ctx.config.responseExportJobThreshold) {
        const query = new URLSearchParams({ ...options });
        for (const [k, v] of Object.entries(filters))
          if (v !== null && v !== false) query.set(k, v === true ? '1' : String(v));
        return reply.inertiaLocation(
          `${ctx.routes.url('responses.export', { form: form.id })}?${query}`,
        );
      }
      const { exportId } = await runUseCase(ctx, actorOf(request), (uc) =>
        requestResponseExport(uc, { formId: form.id, options, filters }),
      );
      reply.flash({
        success: `Exporting ${n} responses in the background: this page shows its progress.`,
      });
      return reply.redirect(
        ctx.routes.url('responses.exports.show', { responseExport: exportId }),
        303,
      );
    },
  );

  app.get(
    '/response-exports/:responseExport',
    { config: { name: 'responses.exports.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const row = await findResponseExport(ctx.db, teamId, param(request, 'responseExport'));
      const { form, project } = await findForm(ctx.db, teamId, row.formId);
      const now = new Date();
      const stored = storedResponseExport(ctx.config.dataDir, teamId, row.id, row.options.format);
      const available = row.status === 'done' && !!row.expiresAt && row.expiresAt > now && !!stored;
      const exportJob: ResponseExportView = {
        id: row.id,
        format: row.options.format,
        fileType: stored?.type ?? null,
        options: row.options,
        status: row.status,
        progress: row.progress ?? null,
        byteSize: row.byteSize ?? null,
        failure: row.failure ?? null,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        downloadHref: available
          ? ctx.routes.url('responses.exports.download', { responseExport: row.id })
          : null,
      };
      return reply.inertia('forms/response-export', {
        project,
        form: { id: form.id, name: form.name, kind: form.kind },
        exportJob,
      });
    },
  );

  app.get(
    '/response-exports/:responseExport/download',
    { config: { name: 'responses.exports.download', access: view } },
    async (request, reply) => {
      const id = param(request, 'responseExport');
      const row = await runUseCase(ctx, actorOf(request), (uc) => downloadResponseExport(uc, id));
      const { form } = await findForm(ctx.db, row.teamId, row.formId);
      const stored = storedResponseExport(
        ctx.config.dataDir,
        row.teamId,
        row.id,
        row.options.format,
      );
      if (!stored) throw notFound('Export');
      return reply
        .header('content-type', CONTENT_TYPE[stored.type])
        .header('content-disposition', `attachment; filename="${fileName(form.name, stored.type)}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(stored.file));
    },
  );
}
