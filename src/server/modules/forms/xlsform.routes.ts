import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { findProject } from '../projects/index.js';
import { param, teamOf, view } from './forms.routes.js';
import { mapXlsform } from './xlsform.map.js';
import { XLSFORM_LIMITS, readXlsform } from './xlsform.read.js';
import { xlsformWorkbook } from './xlsform.write.js';
import { importXlsform, questionsForExport } from './xlsform.use-cases.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHOOSE_FILE = 'Choose an XLSForm file (.xlsx) to import.';
const create = { kind: 'team', permission: 'content.create' } as const;

/** The uploaded `file` part (at most 5 MB) and its name; anything else is a field error on `file`. */
async function uploadedFile(request: FastifyRequest): Promise<{ buffer: Buffer; name: string }> {
  if (!request.isMultipart()) throw new ValidationError({ file: CHOOSE_FILE });
  let buffer: Buffer | null = null;
  let name = 'form.xlsx';
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: XLSFORM_LIMITS.fileBytes,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
      },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || buffer) {
        part.file.resume();
        continue;
      }
      buffer = await part.toBuffer();
      name = [...(part.filename || name)]
        .filter((ch) => ch.charCodeAt(0) >= 0x20)
        .join('')
        .slice(0, 200);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ValidationError({
        file: `The file is larger than ${XLSFORM_LIMITS.fileBytes / 1024 / 1024} MB.`,
      });
    throw new ValidationError({ file: `The upload could not be read. ${CHOOSE_FILE}` });
  }
  if (!buffer || buffer.length === 0) throw new ValidationError({ file: CHOOSE_FILE });
  return { buffer, name };
}

/** Upload -> checked file -> the plan (questions to create and the report of every row). */
async function planOf(request: FastifyRequest) {
  const { buffer, name } = await uploadedFile(request);
  const read = await readXlsform(buffer);
  if (!read.ok) throw new ValidationError({ file: read.message });
  return mapXlsform(read.sheets, name);
}

const limits = () => ({ fileMegabytes: XLSFORM_LIMITS.fileBytes / 1024 / 1024 });

/** XLSForm: check a file (the report), create a draft survey from it, export a form as one. */
export async function registerXlsformRoutes(app: FastifyInstance, ctx: AppContext) {
  const projectRef = async (request: FastifyRequest) => {
    const p = await findProject(ctx.db, teamOf(request), param(request, 'project'));
    return { id: p.id, name: p.name, status: p.status };
  };

  app.get(
    '/projects/:project/forms/xlsform',
    { config: { name: 'forms.xlsform', access: create } },
    async (request, reply) =>
      reply.inertia('surveyholders/xlsform', {
        project: await projectRef(request),
        report: null,
        limits: limits(),
      }),
  );

  app.get(
    '/forms/:form/xlsform.xlsx',
    {
      config: {
        name: 'forms.xlsform.export',
        access: view,
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const raw = (request.query as Record<string, unknown>).version;
      const version =
        typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)
          ? Number(raw)
          : raw == null || raw === ''
            ? null
            : -1;
      if (version === -1)
        throw new ValidationError({ version: 'Choose a published version number.' });
      const form = await questionsForExport(
        ctx.db,
        teamOf(request),
        param(request, 'form'),
        version,
      );
      const buffer = Buffer.from(await xlsformWorkbook(form, form.questions).xlsx.writeBuffer());
      const base = `${
        form.name
          .replace(/[^\p{L}\p{N} _.-]+/gu, '')
          .trim()
          .slice(0, 80) || 'form'
      } (xlsform ${form.version}).xlsx`;
      const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  );

  // multipart parsing only in this scope
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: XLSFORM_LIMITS.fileBytes,
        files: 1,
        fields: 5,
        parts: 6,
        fieldSize: 1024,
      },
    });
    scope.post(
      '/projects/:project/forms/xlsform',
      {
        config: {
          name: 'forms.xlsform.check',
          access: create,
          rateLimit: { max: 30, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const project = await projectRef(request); // another team's project: 404 before the upload is read
        const plan = await planOf(request);
        return reply.inertia('surveyholders/xlsform', {
          project,
          report: plan.report,
          limits: limits(),
        });
      },
    );
    scope.post(
      '/projects/:project/forms/xlsform/store',
      {
        config: {
          name: 'forms.xlsform.store',
          access: create,
          rateLimit: { max: 30, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const project = await projectRef(request);
        const plan = await planOf(request);
        const { form } = await runUseCase(ctx, actorOf(request), (uc) =>
          importXlsform(uc, { projectId: project.id, plan }),
        );
        const left = plan.report.counts.unsupported;
        reply.flash({
          success: `Draft form “${form.name}” created from the XLSForm with ${plan.questions.length} questions${left ? ` (${left} rows not supported, as the report listed)` : ''}.`,
        });
        return reply.redirect(ctx.routes.url('forms.fields', { form: form.id }), 303);
      },
    );
  });
}
