import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  importSourceSchema,
  sourceUrlSchema,
  urlScheduleSchema,
} from '../../../shared/datasets/datasets.schemas.js';
import { datagridOf, findDataset } from '../datasets/index.js';
import { findProject } from '../projects/index.js';
import { analyze, previewOf, specOf } from './sources.analyze.js';
import {
  FileTooLarge,
  removeStored,
  saveUpload,
  sniffFile,
  storedPath,
  UPLOAD_LIMITS,
} from './sources.files.js';
import { datasetList, jobStatusProps, sourceShowProps } from './sources.props.js';
import { findSourceFile } from './sources.queries.js';
import { detectDelimiter, textSample } from './sources.readers.js';
import { cancelImport, recordUpload, startImport } from './sources.use-cases.js';
import { fetchSource, refreshFromUrl, retryImport, setUrlSchedule } from './sources.url.js';
import { UrlFetchError } from './sources.url-fetch.js';
import { projects } from '../projects/read-model.js';
import { asc, eq } from 'drizzle-orm';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const CHOOSE = 'Choose a CSV, TSV or Excel (.xlsx) file.';
const MB = 1024 * 1024;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];
const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

/** The `file` part streamed to `to`; anything else is a field error on `file` */
async function receiveFile(request: FastifyRequest, to: string) {
  if (!request.isMultipart()) throw new ValidationError({ file: CHOOSE });
  let got: { name: string; size: number } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || got) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      const size = await saveUpload(part.file, to, UPLOAD_LIMITS.fileBytes);
      if (part.file.truncated) throw new FileTooLarge();
      got = { name: (part.filename || 'upload').slice(0, 200), size };
    }
  } catch (err) {
    await removeStored(to);
    if (err instanceof FileTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ValidationError({
        file: `The file is larger than ${UPLOAD_LIMITS.fileBytes / MB} MB.`,
      });
    throw new ValidationError({ file: `The upload could not be read. ${CHOOSE}` });
  }
  if (!got || got.size === 0) {
    await removeStored(to);
    throw new ValidationError({ file: got ? 'The file is empty.' : CHOOSE });
  }
  return got;
}

export async function registerSourceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/sources',
    { config: { name: 'sources.index', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const projectId = query(request).project;
      const project = projectId ? await findProject(ctx.db, teamId, projectId) : null;
      const all = await ctx.db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(eq(projects.teamId, teamId))
        .orderBy(asc(projects.name));
      return reply.inertia('sources/index', {
        project: project ? { id: project.id, name: project.name } : null,
        projects: all,
        datasets: await datasetList(ctx.db, teamId, project?.id ?? null),
      });
    },
  );

  app.get(
    '/projects/:project/sources/create',
    { config: { name: 'sources.create', access: create } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const project = await findProject(ctx.db, teamId, param(request, 'project'));
      const refresh = query(request).dataset;
      const dataset = refresh ? (await findDataset(ctx.db, teamId, refresh)).dataset : null;
      if (dataset && dataset.projectId !== project.id)
        throw new ValidationError({ dataset: 'Not in this project.' });
      return reply.inertia('sources/create', {
        project: { id: project.id, name: project.name },
        dataset: dataset ? { id: dataset.id, name: dataset.name } : null,
        maxBytes: UPLOAD_LIMITS.fileBytes,
      });
    },
  );

  // multipart parsing only in this scope: the upload streams to the data dir, then is checked
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    scope.post(
      '/projects/:project/sources/upload',
      {
        config: {
          name: 'sources.upload',
          access: create,
          rateLimit: { max: 30, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const project = await findProject(ctx.db, actor.teamId, param(request, 'project'));
        const datasetId = query(request).dataset ?? null;
        if (datasetId) await findDataset(ctx.db, actor.teamId, datasetId);
        const id = crypto.randomUUID();
        const to = storedPath(ctx.config.dataDir, actor.teamId, id);
        const got = await receiveFile(request, to);
        try {
          const sniffed = await sniffFile(to, got.name);
          if (!sniffed.ok) throw new ValidationError({ file: sniffed.message });
          const delimiter =
            sniffed.format === 'text'
              ? detectDelimiter(await textSample(to, sniffed.encoding))
              : null;
          const { file } = await runUseCase(ctx, actor, (uc) =>
            recordUpload(uc, {
              id,
              projectId: project.id,
              datasetId,
              fileName: got.name,
              byteSize: got.size,
              format: sniffed.format === 'xlsx' ? 'xlsx' : delimiter === '\t' ? 'tsv' : 'csv',
              encoding: sniffed.format === 'text' ? sniffed.encoding : null,
              delimiter,
              sheet: sniffed.format === 'xlsx' ? sniffed.sheets[0] : null,
            }),
          );
          return reply.redirect(ctx.routes.url('sources.preview', { file: file.id }), 303);
        } catch (err) {
          await removeStored(to);
          throw err;
        }
      },
    );
  });

  app.post(
    '/projects/:project/sources/url',
    {
      config: { name: 'sources.fetch', access: create, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { url } = parseInput(sourceUrlSchema, request.body);
      const project = await findProject(ctx.db, actor.teamId, param(request, 'project'));
      const datasetId = query(request).dataset ?? null;
      if (datasetId) await findDataset(ctx.db, actor.teamId, datasetId);
      const fetched = await fetchSource(ctx, actor.teamId, url).catch((err: unknown) => {
        throw new ValidationError({ url: fetchMessage(err) });
      });
      try {
        const { file } = await runUseCase(ctx, actor, (uc) =>
          recordUpload(uc, { ...fetched, projectId: project.id, datasetId }),
        );
        return reply.redirect(ctx.routes.url('sources.preview', { file: file.id }), 303);
      } catch (err) {
        await removeStored(storedPath(ctx.config.dataDir, actor.teamId, fetched.id));
        throw err;
      }
    },
  );

  app.post(
    '/sources/:source/refresh',
    {
      config: {
        name: 'sources.refresh',
        access: update,
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { dataset } = await findDataset(ctx.db, actor.teamId, param(request, 'source'));
      const { jobId } = await refreshFromUrl(ctx, actor, dataset.id).catch((err: unknown) => {
        if (err instanceof UrlFetchError) throw new ValidationError({ url: fetchMessage(err) });
        throw err;
      });
      return reply.redirect(ctx.routes.url('jobs.show', { job: jobId }), 303);
    },
  );

  app.post(
    '/sources/:source/schedule',
    { config: { name: 'sources.schedule', access: update } },
    async (request, reply) => {
      const { schedule } = parseInput(urlScheduleSchema, request.body);
      const source = param(request, 'source');
      await runUseCase(ctx, actorOf(request), (uc) =>
        setUrlSchedule(uc, source, schedule, new Date()),
      );
      reply.flash({
        success:
          schedule === 'none'
            ? 'This source is now refreshed only when you ask.'
            : `This source will be fetched again every ${schedule === 'hourly' ? 'hour' : 'day'}.`,
      });
      return reply.redirect(ctx.routes.url('sources.show', { source }), 303);
    },
  );

  app.get(
    '/source-files/:file/preview',
    { config: { name: 'sources.preview', access: create } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const file = await findSourceFile(ctx.db, teamId, param(request, 'file'));
      const project = await findProject(ctx.db, teamId, file.projectId);
      const dataset = file.datasetId ? await findDataset(ctx.db, teamId, file.datasetId) : null;
      if (file.versionId)
        return reply.redirect(ctx.routes.url('sources.show', { source: file.datasetId! }), 303);
      const sheets = file.format === 'xlsx' ? await sheetsOf(file, ctx.config.dataDir) : [];
      const asked = query(request).sheet;
      const sheet = typeof asked === 'string' && sheets.includes(asked) ? asked : file.sheet;
      const kept = new Map(
        (dataset?.columns ?? []).filter((c) => c.sourceColumn).map((c) => [c.sourceColumn!, c]),
      );
      let preview: ReturnType<typeof previewOf> = { columns: [], rows: [], sampled: 0 };
      let problem: string | null = null;
      let header = true;
      try {
        const a = await analyze(
          storedPath(ctx.config.dataDir, teamId, file.id),
          specOf(file, sheet),
        );
        header = a.header;
        preview = previewOf(a, kept);
        if (!preview.columns.length) problem = 'The file (or sheet) has no rows.';
      } catch (err) {
        request.log.warn({ err }, 'preview failed');
        problem = 'The file could not be read: it may be damaged. Upload it again.';
      }
      return reply.inertia('survey-sources/preview', {
        project: { id: project.id, name: project.name },
        dataset: dataset ? { id: dataset.dataset.id, name: dataset.dataset.name } : null,
        upload: {
          id: file.id,
          fileName: file.fileName,
          format: file.format,
          byteSize: file.byteSize,
          encoding: file.encoding,
          delimiter: file.delimiter,
          headerRow: header,
          sheet,
          sheets,
        },
        suggestedName: dataset?.dataset.name ?? file.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''),
        ...preview,
        problem,
      });
    },
  );

  app.post(
    '/source-files/:file/import',
    { config: { name: 'sources.import', access: create } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parseInput(importSourceSchema, request.body);
      const file = await findSourceFile(ctx.db, actor.teamId, param(request, 'file'));
      if (!file.stored || file.versionId)
        throw new ValidationError({
          name: 'This file has already been imported: upload it again.',
        });
      const sheets = file.format === 'xlsx' ? await sheetsOf(file, ctx.config.dataDir) : [];
      if (file.format === 'xlsx' && (!input.sheet || !sheets.includes(input.sheet)))
        throw new ValidationError({ sheet: 'Pick a sheet of the workbook.' });
      const a = await analyze(
        storedPath(ctx.config.dataDir, actor.teamId, file.id),
        specOf(file, input.sheet),
      ).catch(() => {
        throw new ValidationError({
          name: 'The uploaded file could not be read: upload it again.',
        });
      });
      const { jobId } = await runUseCase(ctx, actor, (uc) =>
        startImport(uc, { fileId: file.id, input, names: a.names }),
      );
      return reply.redirect(ctx.routes.url('jobs.show', { job: jobId }), 303);
    },
  );

  app.get('/jobs/:job', { config: { name: 'jobs.show', access: view } }, async (request, reply) =>
    reply.inertia(
      'survey-sources/job-status',
      await jobStatusProps(ctx, teamOf(request), param(request, 'job')),
    ),
  );

  app.post(
    '/jobs/:job/cancel',
    { config: { name: 'jobs.cancel', access: update } },
    async (request, reply) => {
      const job = param(request, 'job');
      await runUseCase(ctx, actorOf(request), (uc) => cancelImport(uc, job));
      reply.flash({ success: 'Stopping the import: nothing of it will be kept.' });
      return reply.redirect(ctx.routes.url('jobs.show', { job }), 303);
    },
  );

  app.post(
    '/jobs/:job/retry',
    { config: { name: 'jobs.retry', access: update, rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { jobId } = await retryImport(ctx, actorOf(request), param(request, 'job')).catch(
        (err: unknown) => {
          if (err instanceof UrlFetchError) throw new ValidationError({ job: fetchMessage(err) });
          throw err;
        },
      );
      reply.flash({ success: 'The import is running again with the same settings.' });
      return reply.redirect(ctx.routes.url('jobs.show', { job: jobId }), 303);
    },
  );

  app.get(
    '/sources/:source/data',
    { config: { name: 'sources.datagrid', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { projectId, ...grid } = await datagridOf(ctx.db, teamId, param(request, 'source'));
      const project = await findProject(ctx.db, teamId, projectId);
      return reply.inertia('survey-sources/datagrid', {
        ...grid,
        project: { id: project.id, name: project.name },
      });
    },
  );

  app.get(
    '/sources/:source',
    { config: { name: 'sources.show', access: view } },
    async (request, reply) =>
      reply.inertia(
        'sources/show',
        await sourceShowProps(
          ctx,
          teamOf(request),
          param(request, 'source'),
          query(request).compare ?? null,
        ),
      ),
  );
}

async function sheetsOf(file: { teamId: string; id: string; fileName: string }, dataDir: string) {
  const s = await sniffFile(storedPath(dataDir, file.teamId, file.id), file.fileName);
  return s.ok && s.format === 'xlsx' ? s.sheets : [];
}

/** A failed fetch as the `url` field shows it: the fetcher's message, never a stack */
function fetchMessage(err: unknown): string {
  if (err instanceof UrlFetchError) return err.message;
  if (err instanceof ValidationError) return Object.values(err.fields ?? {})[0] ?? err.message;
  return 'The address could not be read.';
}
