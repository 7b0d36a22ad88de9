import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { ValidationError } from '../../platform/errors.js';
import { IMPORT_LIMITS } from './logframe-layout.js';
import { exportLogframe, findProject, importLogframe, logframeFilename } from './logframe.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHOOSE_FILE = 'Choose a logframe workbook (.xlsx) to import.';

function actorOf(request: FastifyRequest) {
  const actor = request.actor!;
  return { teamId: actor.team!.id, userId: actor.user.id };
}

/** The uploaded `file` part as a buffer (at most 5 MB); anything else is a field error on `file`. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError({ file: CHOOSE_FILE });
  let buffer: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || buffer) {
        part.file.resume();
        continue;
      }
      buffer = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError({ file: `The file is larger than ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB.` });
    throw new ValidationError({ file: `The upload could not be read. ${CHOOSE_FILE}` });
  }
  if (!buffer || buffer.length === 0) throw new ValidationError({ file: CHOOSE_FILE });
  return buffer;
}

export async function registerLogframeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/problems/:problem/logframe.xlsx', { config: { name: 'logframe.export', access: { kind: 'team', permission: 'content.view' }, rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request, reply) => {
    const { teamId } = actorOf(request);
    const problemId = (request.params as { problem: string }).problem;
    const { template, buffer } = await exportLogframe(ctx, teamId, problemId);
    await audit(ctx.db, request, {
      action: 'logframe.exported',
      subjectType: 'problem',
      subjectId: problemId,
      subjectLabel: template.problem.title,
      details: { elements: template.elements.length, metrics: template.elements.reduce((n, e) => n + e.metrics.length, 0) },
    });
    const name = logframeFilename(template.problem.title);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`)
      .header('cache-control', 'private, no-store')
      .send(buffer);
  });

  // multipart parsing only for this route's scope: nowhere else accepts uploads
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 10, parts: 12 } });
    scope.post(
      '/projects/:project/logframe',
      { config: { name: 'logframe.import', access: { kind: 'team', permission: 'content.create' }, rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const { teamId, userId } = actorOf(request);
        const project = await findProject(ctx.db, teamId, (request.params as { project: string }).project);
        if (project.status === 'archived') throw new ValidationError({ file: 'This project is archived. Restore it before importing into it.' });
        const buffer = await uploadedFile(request);
        const { problemId, template } = await importLogframe(ctx, { teamId, projectId: project.id, userId, buffer });
        await audit(ctx.db, request, {
          action: 'logframe.imported',
          subjectType: 'problem',
          subjectId: problemId,
          subjectLabel: template.problem.title,
          details: { projectId: project.id, projectName: project.name, elements: template.elements.length, links: template.links.length, metrics: template.elements.reduce((n, e) => n + e.metrics.length, 0), bytes: buffer.length },
        });
        reply.flash({ success: `Imported "${template.problem.title}" from the logframe. Actual values are not imported.` });
        return reply.redirect(ctx.routes.url('problems.show', { problem: problemId }), 303);
      },
    );
  });
}
