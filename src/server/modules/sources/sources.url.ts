import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { teamMembers } from '../../platform/auth/auth.tables.js';
import type { Role } from '../../../shared/permissions.js';
import { copyFile } from 'node:fs/promises';
import type { AppContext } from '../../platform/context.js';
import { fail, ValidationError } from '../../platform/errors.js';
import type { UseCase, WriteActor } from '../../platform/use-case/index.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { IMPORT_TYPES, inferType } from '../../../shared/datasets/convert.js';
import type { ImportSourceInput } from '../../../shared/datasets/datasets.schemas.js';
import { SCHEDULE_MS, type ImportSchedule } from '../../../shared/databases/databases.constants.js';
import { columnsOf, findDataset, versionOfJob } from '../datasets/index.js';
import { datasetVersions } from '../datasets/read-model.js';
import { findProject } from '../projects/index.js';
import { analyze, specOf } from './sources.analyze.js';
import { removeStored, sniffFile, storedPath, UPLOAD_LIMITS } from './sources.files.js';
import { detectDelimiter, textSample } from './sources.readers.js';
import { fileOfVersion, type SourceFileRow } from './sources.queries.js';
import { sourceFiles, urlSources } from './sources.tables.js';
import { recordUpload, startImport } from './sources.use-cases.js';
import { actorOfVersion } from './sources.import-job.js';
import { fetchToFile, URL_FETCH_LIMITS, UrlFetchError } from './sources.url-fetch.js';

type Fetched = Omit<Parameters<typeof recordUpload>[1], 'projectId' | 'datasetId'>;

const policyOf = (ctx: AppContext) => ({
  allowPrivate: ctx.config.sources.allowPrivate,
  allow: ctx.config.sources.allow,
});

/**
 * Fetch an address into the uploads folder (outside any transaction) and check the bytes as an
 * upload's: answers what `recordUpload` records. A failure removes the file and says why.
 */
export async function fetchSource(ctx: AppContext, teamId: string, url: string): Promise<Fetched> {
  const id = crypto.randomUUID();
  const to = storedPath(ctx.config.dataDir, teamId, id);
  try {
    const got = await fetchToFile(url, to, policyOf(ctx), {
      ...URL_FETCH_LIMITS,
      maxBytes: UPLOAD_LIMITS.fileBytes,
    });
    const sniffed = await sniffFile(to, got.fileName);
    if (!sniffed.ok) throw new UrlFetchError(sniffed.message.replace('The file', 'The address'));
    const delimiter =
      sniffed.format === 'text' ? detectDelimiter(await textSample(to, sniffed.encoding)) : null;
    return {
      id,
      fileName: got.fileName,
      byteSize: got.size,
      format: sniffed.format === 'xlsx' ? 'xlsx' : delimiter === '\t' ? 'tsv' : 'csv',
      encoding: sniffed.format === 'text' ? sniffed.encoding : null,
      delimiter,
      sheet: sniffed.format === 'xlsx' ? sniffed.sheets[0] : null,
      url,
    };
  } catch (err) {
    await removeStored(to);
    throw err;
  }
}

/** The dataset's address, if it is fed from one */
export async function urlSourceOf(db: AppContext['db'], teamId: string, datasetId: string) {
  const [row] = await db
    .select()
    .from(urlSources)
    .where(and(eq(urlSources.datasetId, datasetId), eq(urlSources.teamId, teamId)));
  return row ?? null;
}

const importType = (t: string) =>
  (IMPORT_TYPES as readonly string[]).includes(t) ? (t as (typeof IMPORT_TYPES)[number]) : 'text';

/**
 * The preview's choices made without the preview, from earlier settings: a column known by its
 * source column keeps its label and type; `added` says what a column the settings do not know
 * gets (a refresh imports it with its inferred type, a retry leaves it out as before).
 */
async function choicesFor(
  ctx: AppContext,
  file: SourceFileRow,
  template: Array<{ key: string; label: string; type: string; sourceColumn: string | null }>,
  dataset: { name: string; stakeholderColumnKey: string | null },
  added: 'include' | 'exclude',
): Promise<{ input: ImportSourceInput; names: string[] }> {
  const a = await analyze(storedPath(ctx.config.dataDir, file.teamId, file.id), specOf(file));
  if (!a.names.length) throw new UrlFetchError('The file has no rows.');
  const bySource = new Map(template.map((c) => [c.sourceColumn ?? '', c]));
  const columns = a.names.map((source, index) => {
    const known = bySource.get(source);
    return known
      ? { index, label: known.label, type: importType(known.type), include: true }
      : {
          index,
          label: source.slice(0, 120) || `Column ${index + 1}`,
          type: importType(inferType(a.data.map((r) => r[index] ?? null))),
          include: added === 'include',
        };
  });
  const sc = template.find((c) => c.key === dataset.stakeholderColumnKey)?.sourceColumn;
  const scIndex = sc ? a.names.indexOf(sc) : -1;
  return {
    names: a.names,
    input: {
      name: dataset.name,
      sheet: file.sheet,
      stakeholderColumn: scIndex >= 0 ? scIndex : null,
      columns,
    },
  };
}

/**
 * Refresh a dataset from its address now: fetch (outside the transaction), record the file and
 * start its import with the current version's columns (new columns imported with their inferred
 * type), as the given actor. Answers the job.
 */
export async function refreshFromUrl(ctx: AppContext, actor: WriteActor, datasetId: string) {
  const { dataset, current } = await findDataset(ctx.db, actor.teamId, datasetId);
  const source = await urlSourceOf(ctx.db, actor.teamId, dataset.id);
  if (!source) throw fail('NOT_FOUND', 'This source is not fed from an address.');
  const template = current ? await columnsOf(ctx.db, current.id) : [];
  const fetched = await fetchSource(ctx, actor.teamId, source.url);
  const path = storedPath(ctx.config.dataDir, actor.teamId, fetched.id);
  try {
    return await runUseCase(ctx, actor, async (uc) => {
      const { file } = await recordUpload(uc, {
        ...fetched,
        projectId: dataset.projectId,
        datasetId: dataset.id,
      });
      const { input, names } = await choicesFor(ctx, file, template, dataset, 'include');
      return startImport(uc, { fileId: file.id, input, names });
    });
  } catch (err) {
    await removeStored(path);
    throw err;
  }
}

/** Change how often a dataset is fetched again from its address */
export async function setUrlSchedule(
  uc: UseCase,
  datasetId: unknown,
  schedule: ImportSchedule,
  now: Date,
) {
  const { dataset } = await findDataset(uc.tx, uc.teamId, datasetId);
  const project = await findProject(uc.tx, uc.teamId, dataset.projectId);
  uc.can('content.update', { project });
  const source = await urlSourceOf(uc.tx, uc.teamId, dataset.id);
  if (!source) throw fail('NOT_FOUND', 'This source is not fed from an address.');
  const nextRunAt = schedule === 'none' ? null : new Date(now.getTime() + SCHEDULE_MS[schedule]);
  await uc.tx.update(urlSources).set({ schedule, nextRunAt }).where(eq(urlSources.id, source.id));
  await uc.audit({
    action: 'source.schedule_changed',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { schedule },
  });
  return { dataset, nextRunAt };
}

/**
 * Retry a failed or cancelled import with the same settings: the same bytes when the file is still
 * kept (copied to a new upload, as if uploaded again), else the address fetched again for a
 * source by URL. Answers the new job.
 */
export async function retryImport(ctx: AppContext, actor: WriteActor, jobId: unknown) {
  const version = await versionOfJob(ctx.db, actor.teamId, jobId);
  const { dataset } = await findDataset(ctx.db, actor.teamId, version.datasetId);
  if (version.status !== 'failed' && version.status !== 'cancelled')
    throw new ValidationError({ job: 'Only a failed or cancelled import can be retried.' });
  const template = await columnsOf(ctx.db, version.id);
  const old = await fileOfVersion(ctx.db, version.id);
  const source = await urlSourceOf(ctx.db, actor.teamId, dataset.id);
  let fetched: Fetched;
  if (old?.stored) {
    const id = crypto.randomUUID();
    await copyFile(
      storedPath(ctx.config.dataDir, old.teamId, old.id),
      storedPath(ctx.config.dataDir, actor.teamId, id),
    );
    fetched = { ...old, id, url: old.url };
  } else if (source) fetched = await fetchSource(ctx, actor.teamId, source.url);
  else
    throw new ValidationError({
      job:
        dataset.origin === 'upload'
          ? 'The uploaded file is no longer kept: upload it again.'
          : 'Start this import again from its own page.',
    });
  const path = storedPath(ctx.config.dataDir, actor.teamId, fetched.id);
  try {
    const started = await runUseCase(ctx, actor, async (uc) => {
      const { file } = await recordUpload(uc, {
        ...fetched,
        projectId: dataset.projectId,
        datasetId: dataset.id,
      });
      const { input, names } = await choicesFor(ctx, file, template, dataset, 'exclude');
      const result = await startImport(uc, { fileId: file.id, input, names });
      await uc.audit({
        action: 'dataset.import_retried',
        subject: { type: 'dataset', id: dataset.id, label: dataset.name },
        details: { version: version.number, retry: result.version.number },
      });
      return result;
    });
    if (old?.stored) {
      await removeStored(storedPath(ctx.config.dataDir, old.teamId, old.id));
      await ctx.db.update(sourceFiles).set({ stored: false }).where(eq(sourceFiles.id, old.id));
    }
    return started;
  } catch (err) {
    await removeStored(path);
    throw err;
  }
}

/** Whether the job status screen offers "Retry" for this version */
export async function canRetry(
  ctx: AppContext,
  teamId: string,
  version: { id: string; datasetId: string; status: string },
) {
  if (version.status !== 'failed' && version.status !== 'cancelled') return false;
  const file = await fileOfVersion(ctx.db, version.id);
  return Boolean(file?.stored) || (await urlSourceOf(ctx.db, teamId, version.datasetId)) !== null;
}

/**
 * The periodic `sources.url-schedule` job: every address source due (as of `now`) is fetched and
 * imported as a new version, as the user who set it up; one already importing waits for the next
 * period, a fetch that fails is recorded on the source and tried again next period.
 */
export async function runDueUrlRefreshes(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(urlSources)
    .where(
      and(
        ne(urlSources.schedule, 'none'),
        isNotNull(urlSources.nextRunAt),
        lte(urlSources.nextRunAt, now),
      ),
    );
  let started = 0;
  for (const s of due) {
    const [busy] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(datasetVersions)
      .where(
        and(eq(datasetVersions.datasetId, s.datasetId), eq(datasetVersions.status, 'importing')),
      );
    const next = new Date(now.getTime() + SCHEDULE_MS[s.schedule as 'hourly' | 'daily']);
    let lastError: string | null = null;
    if (Number(busy?.n ?? 0) === 0) {
      try {
        // as the user who set it up, with the role they have in the team now
        const actor = await actorOfVersion(ctx, s.teamId, s.createdBy, URL_SCHEDULE);
        const [member] = await ctx.db
          .select({ role: teamMembers.role })
          .from(teamMembers)
          .where(
            and(eq(teamMembers.organizationId, s.teamId), eq(teamMembers.userId, actor.userId)),
          );
        if (!member) throw new UrlFetchError('The person who set up this source left the team.');
        await refreshFromUrl(ctx, { ...actor, role: member.role as Role }, s.datasetId);
        started++;
      } catch (err) {
        lastError =
          err instanceof UrlFetchError
            ? err.message
            : err instanceof ValidationError
              ? (Object.values(err.fields ?? {})[0] ?? err.message)
              : 'The address could not be read.';
      }
    }
    await ctx.db
      .update(urlSources)
      .set({ nextRunAt: next, lastRunAt: now, lastError })
      .where(eq(urlSources.id, s.id));
  }
  if (started) ctx.jobs.poke();
  return started;
}

const URL_SCHEDULE = 'sources.url-schedule';
/** how often the worker looks for address sources due */
const URL_SCHEDULE_EVERY_MS = 5 * 60 * 1000;

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'sources.url-schedule': Record<string, never>;
  }
}

export function registerUrlScheduleJob(ctx: AppContext) {
  ctx.jobs.register(URL_SCHEDULE, () => runDueUrlRefreshes(ctx, new Date()).then(() => {}), {
    payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: URL_SCHEDULE_EVERY_MS,
    maxAttempts: 1,
  });
}
