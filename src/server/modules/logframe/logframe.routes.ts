import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { findProject } from '../projects/index.js';
import { IMPORT_LIMITS } from './logframe-layout.js';
import {
  exportLogframe,
  importLogframe,
  logframeFilename,
  readLogframe,
} from './logframe.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHOOSE_FILE = 'Choose a logframe workbook (.xlsx) to import.';

/** The uploaded `file` part as a buffer (at most 5 MB); anything else is a field error on `file`. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError({ file: CHOOSE_FILE });
  let buffer: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: IMPORT_LIMITS.fileBytes,
        files: 1,
        fields: 10,
        fieldSize: 4096,
        parts: 12,
      },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || buffer) {
        part.file.resume();
        continue;
      }
      buffer = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ValidationError({
        file: `The file is larger than ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB.`,
      });
    throw new ValidationError({ file: `The upload could not be read. ${CHOOSE_FILE}` });
  }
  if (!buffer || buffer.length === 0) throw new ValidationError({ file: CHOOSE_FILE });
  return buffer;
}

export async function registerLogframeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/problems/:problem/logframe.xlsx',
    {
      config: {
        name: 'logframe.export',
        access: { kind: 'team', permission: 'content.view' },
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const problemId = (request.params as { problem: string }).problem;
      const { template, buffer } = await runUseCase(ctx, actorOf(request), (uc) =>
        exportLogframe(uc, { problemId }),
      );
      const name = logframeFilename(template.problem.title);
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  );

  // multipart parsing only for this route's scope: nowhere else accepts uploads
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 10, parts: 12 },
    });
    scope.post(
      '/projects/:project/logframe',
      {
        config: {
          name: 'logframe.import',
          access: { kind: 'team', permission: 'content.create' },
          rateLimit: { max: 20, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const projectId = (request.params as { project: string }).project;
        await findProject(ctx.db, actor.teamId, projectId); // another team's project: 404 before the upload is read
        const buffer = await uploadedFile(request);
        const template = await readLogframe(buffer);
        const { problemId } = await runUseCase(ctx, actor, (uc) =>
          importLogframe(uc, { projectId, template, bytes: buffer.length }),
        );
        reply.flash({
          success: `Imported "${template.problem.title}" from the logframe. Actual values are not imported.`,
        });
        return reply.redirect(ctx.routes.url('problems.show', { problem: problemId }), 303);
      },
    );
  });
}
