import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { jobProgressReporter } from '../datasets/index.js';
import { runUseCase, type WriteActor } from '../../platform/use-case/index.js';
import {
  converterOf,
  isFailure,
  rawText,
  type RawValue,
} from '../../../shared/datasets/convert.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { datasetRowErrors, datasetVersions } from '../datasets/read-model.js';
import {
  appendCopyText,
  columnsOf,
  computeStats,
  copyField,
  failVersion,
  finishVersion,
  recordRowErrors,
  StreamStats,
  type RowError,
} from '../datasets/index.js';
import { removeStored, storedPath } from './sources.files.js';
import { specOf } from './sources.analyze.js';
import { columnNames, fileBatches, looksLikeHeader } from './sources.readers.js';
import { fileOfVersion } from './sources.queries.js';
import { sourceFiles } from './sources.tables.js';
import { DATASET_IMPORT } from './sources.use-cases.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'dataset.import': { versionId: string };
  }
}

/** Rows per COPY: web requests get the embedded database's connection between chunks */
const CHUNK_ROWS = 50_000;
/** ...and at most this much COPY text (16 MB of characters) whatever the width of the rows */
const CHUNK_CHARS = 16 * 1024 * 1024;
/** Columns whose stats are computed at once on PostgreSQL (the embedded database: one at a time) */
const STATS_PARALLEL = 3;
/** Types whose converted text never holds a tab, newline or backslash (no COPY escaping) */
const PLAIN_TYPES = new Set<ColumnType>(['integer', 'decimal', 'boolean', 'date', 'datetime']);

class Cancelled extends Error {}

/** The import job: stream the file, convert, COPY in chunks, report progress, all or nothing */
export function registerImportJob(ctx: AppContext) {
  ctx.jobs.register(DATASET_IMPORT, (payload, job) => runImport(ctx, payload.versionId, job.id), {
    payload: z.object({ versionId: z.string().uuid() }).strict(),
    maxAttempts: 2,
    // the worker died during the last attempt: fail the version as the job's own failure would
    onAbandoned: (payload) => abandonImport(ctx, payload.versionId),
  });
}

async function abandonImport(ctx: AppContext, versionId: string) {
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  if (!version || version.status !== 'importing') return;
  const actor = await actorOfVersion(ctx, version.teamId, version.createdBy);
  await runUseCase(ctx, actor, (uc) =>
    failVersion(
      uc,
      version.id,
      'The import failed: it was stopped twice before it ended (the server or worker stopped). Try again.',
      'failed',
    ),
  );
}

/** The user a job acts as (who started the import or set up the schedule) */
export async function actorOfVersion(
  ctx: AppContext,
  teamId: string,
  userId: string | null,
  job = DATASET_IMPORT,
): Promise<WriteActor> {
  const [u] = userId ? await ctx.db.select().from(users).where(eq(users.id, userId)) : [];
  return {
    userId: u?.id ?? '',
    name: u?.name ?? 'Import job',
    email: u?.email ?? '',
    teamId,
    role: null,
    tokenId: null,
    ip: null,
    userAgent: `job ${job}`,
  };
}

async function runImport(ctx: AppContext, versionId: string, jobId: string) {
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  if (!version || version.status !== 'importing') return; // cancelled or ended meanwhile
  const file = await fileOfVersion(ctx.db, version.id);
  const actor = await actorOfVersion(ctx, version.teamId, version.createdBy);
  const path = file ? storedPath(ctx.config.dataDir, file.teamId, file.id) : '';
  const started = Date.now();
  let bytes = 0;
  let keep = false;
  const progress = jobProgressReporter(ctx, jobId, version.teamId);
  try {
    if (!file || !file.stored)
      throw new Error('The uploaded file is no longer there: upload it again.');
    // a retried run (the worker was stopped) starts again from an empty table
    await ctx.db.execute(sql.raw(`TRUNCATE ds."${version.relation.replace(/[^a-z0-9_]/g, '')}"`));
    await ctx.db.delete(datasetRowErrors).where(eq(datasetRowErrors.versionId, version.id));
    const columns = await columnsOf(ctx.db, version.id);
    const target = { relation: version.relation, physical: columns.map((c) => c.physical) };
    const convert = columns.map((c) => converterOf(c.type));
    const escape = columns.map((c) => !PLAIN_TYPES.has(c.type));
    const k = columns.length;
    // nulls, distinct counts and min/max known exactly from the stream (computeStats's `known`)
    const stats = new StreamStats(columns.map((c) => c.type));
    let index: number[] = [];
    let width = 0;
    let first = true;
    let n = 0;
    // the chunk being built: its lines in COPY's text format (joined once: no string per field
    // concatenation left for the collector), their length, and its conversion failures
    let lines: string[] = [];
    let chars = 0;
    let errors: RowError[] = [];
    const fields: string[] = new Array<string>(k + 1);
    // the previous chunk's COPY runs while the next chunk is parsed (one at a time, in order)
    let copying: Promise<void> | null = null;
    const flush = async () => {
      const chunk = lines.length ? `${lines.join('\n')}\n` : '';
      const chunkErrors = errors;
      [lines, chars, errors] = [[], 0, []];
      if (copying) await copying;
      copying = null;
      await recordRowErrors(ctx.db, version.id, chunkErrors);
      const [j] = await ctx.db
        .select({ c: jobs.cancelRequested })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      if (j?.c) throw new Cancelled();
      const p = appendCopyText(ctx.database, target, chunk);
      p.catch(() => {}); // awaited at the next flush; handled meanwhile
      copying = p;
      const elapsed = (Date.now() - started) / 1000;
      const total = bytes > 0 ? Math.max(n, Math.round((n * file.byteSize) / bytes)) : null;
      const rate = elapsed > 0 ? Math.round(n / elapsed) : null;
      await progress({
        done: n,
        total,
        rate,
        etaSeconds: rate && total ? Math.max(0, Math.round((total - n) / rate)) : null,
        phase: 'writing',
      });
    };
    await progress({ done: 0, total: null, rate: null, etaSeconds: null, phase: 'reading' }, true);
    try {
      for await (const batch of fileBatches(path, specOf(file), (b) => (bytes += b))) {
        for (let b = 0; b < batch.length; b++) {
          const row = batch[b];
          if (first) {
            first = false;
            const header = looksLikeHeader(row);
            const names = columnNames(header ? row : null, row.length);
            width = names.length;
            index = columns.map((c) => names.indexOf(c.sourceColumn ?? ''));
            const missing = columns.find((_, i) => index[i] < 0);
            if (missing) throw new Error(`The file has no column "${missing.sourceColumn}".`);
            if (header) continue;
          }
          n++;
          fields[0] = String(n);
          for (let i = 0; i < k; i++) {
            const raw: RawValue = row[index[i]] ?? null;
            const v = convert[i](raw);
            if (v === null) {
              fields[i + 1] = '\\N';
              stats.add(i, null);
            } else if (!isFailure(v)) {
              fields[i + 1] = escape[i] ? copyField(v) : v;
              stats.add(i, v);
            } else {
              fields[i + 1] = '\\N';
              stats.add(i, null);
              errors.push({
                row: n,
                columnKey: columns[i].key,
                value: rawText(raw),
                reason: v.reason,
              });
            }
          }
          if (row.length > width && row.slice(width).some((v) => rawText(v).trim() !== ''))
            errors.push({
              row: n,
              columnKey: '_extra',
              value: row.slice(width).map(rawText).join(', '),
              reason: 'more values than the header has columns (not imported)',
            });
          const line = fields.join('\t');
          lines.push(line);
          chars += line.length + 1;
          if (lines.length >= CHUNK_ROWS || chars >= CHUNK_CHARS) await flush();
        }
      }
      await flush();
      if (copying) await copying;
    } finally {
      // a failure or a cancel: the COPY under way ends before the version's table is dropped
      if (copying) await (copying as Promise<void>).catch(() => {});
    }
    await progress({ done: n, total: n, rate: null, etaSeconds: 0, phase: 'finishing' }, true);
    await computeStats(ctx.db, version.id, {
      parallel: ctx.database.pglite ? 1 : STATS_PARALLEL,
      known: new Map(stats.results().map((r, i) => [columns[i].key, r])),
    });
    await runUseCase(ctx, actor, (uc) => finishVersion(uc, version.id, { rows: n }));
    await progress({ done: n, total: n, rate: null, etaSeconds: 0, phase: 'done' }, true);
  } catch (err) {
    const cancelled = err instanceof Cancelled;
    // the file stays for a retry (sources.url.ts retryImport); the prune job removes it after 24 h
    keep = Boolean(file?.stored);
    const reason = cancelled ? 'Cancelled by a user.' : readable(err);
    await runUseCase(ctx, actor, (uc) =>
      failVersion(uc, version.id, reason, cancelled ? 'cancelled' : 'failed'),
    );
    await progress(
      {
        done: 0,
        total: null,
        rate: null,
        etaSeconds: null,
        phase: cancelled ? 'cancelled' : 'failed',
      },
      true,
    );
  } finally {
    if (file && !keep) {
      await removeStored(path);
      await ctx.db.update(sourceFiles).set({ stored: false }).where(eq(sourceFiles.id, file.id));
    }
  }
}

/** A failure as the user reads it (parser and database messages, never a stack) */
function readable(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return `The import failed: ${m.slice(0, 300)}`;
}
