import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { jobs } from '../../platform/jobs/index.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { datasetRowErrors, datasetVersions, datasets } from '../datasets/read-model.js';
import {
  appendRows,
  columnsOf,
  computeStats,
  failVersion,
  finishVersion,
  recordRowErrors,
  type CopyRow,
  type RowError,
  jobProgressReporter,
} from '../datasets/index.js';
import { notify } from '../notifications/index.js';
import { boxOf, jobActor, policyOf } from './databases.context.js';
import {
  findConnection,
  importOfDataset,
  sourceOfImport,
  specOf,
  type ImportRow,
} from './databases.queries.js';
import { RemoteError, withRemote } from './databases.remote.js';
import { databaseConnections, databaseImports, sourceCredentials } from './databases.tables.js';
import { convertRemote, rawText } from './databases.types.js';
import {
  DATABASE_IMPORT,
  DATABASE_TEST,
  recordTest,
  skipScheduledRun,
  startScheduledRun,
} from './databases.use-cases.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'database.import': { versionId: string; scheduled?: boolean };
    'database.test': { connectionId: string };
    'database.schedule': Record<string, never>;
  }
}

/** Rows fetched from the remote database and COPYed at a time */
const CHUNK_ROWS = 10_000;
/** How often the worker looks for scheduled imports that are due */
const SCHEDULE_EVERY_MS = 5 * 60_000;

class Cancelled extends Error {}

export function registerDatabaseJobs(ctx: AppContext) {
  ctx.jobs.register(
    DATABASE_IMPORT,
    (p, job) => runDatabaseImport(ctx, p.versionId, job.id, p.scheduled ?? false),
    {
      payload: z
        .object({ versionId: z.string().uuid(), scheduled: z.boolean().optional() })
        .strict(),
      maxAttempts: 2,
      // the worker died during the last attempt: fail the version as the job's own failure would
      onAbandoned: (p, job) =>
        abandonDatabaseImport(ctx, p.versionId, job.id, p.scheduled ?? false),
    },
  );
  ctx.jobs.register(DATABASE_TEST, (p) => testConnectionJob(ctx, p.connectionId), {
    payload: z.object({ connectionId: z.string().uuid() }).strict(),
    maxAttempts: 1,
  });
  ctx.jobs.register('database.schedule', () => runDueImports(ctx, new Date()).then(() => {}), {
    payload: z.object({}).strict(),
    everyMs: SCHEDULE_EVERY_MS,
    maxAttempts: 1,
  });
}

const url = (
  ctx: AppContext,
  name: 'databases.show' | 'jobs.show',
  params: Record<string, string>,
) => ctx.routes.url(name, params as never);

/** Test a connection now: list its tables. The answer is specific; nothing is thrown */
export async function testConnection(ctx: AppContext, connectionId: string, teamId: string) {
  const connection = await findConnection(ctx.db, teamId, connectionId);
  try {
    const spec = await specOf(ctx.db, boxOf(ctx), connection);
    const tables = await withRemote(spec, policyOf(ctx), (r) => r.tables());
    return {
      connection,
      outcome: {
        ok: true,
        kind: null,
        message:
          tables.length === 1
            ? 'Connected: 1 table or view readable.'
            : `Connected: ${tables.length} tables and views readable.`,
      },
    };
  } catch (err) {
    const e = err instanceof RemoteError ? err : new RemoteError('other', 'The connection failed.');
    return { connection, outcome: { ok: false, kind: e.kind, message: e.message } };
  }
}

/** The job after a connection is created or changed: test it, record it, tell its creator live */
async function testConnectionJob(ctx: AppContext, connectionId: string) {
  const [row] = await ctx.db
    .select()
    .from(databaseConnections)
    .where(eq(databaseConnections.id, connectionId));
  if (!row) return;
  const { connection, outcome } = await testConnection(ctx, row.id, row.teamId);
  const actor = await jobActor(ctx, row.teamId, row.createdBy, DATABASE_TEST);
  await runUseCase(ctx, actor, async (uc) => {
    await recordTest(uc, connection, outcome, { check: false });
    if (row.createdBy)
      await notify(
        ctx,
        {
          userIds: [row.createdBy],
          teamId: row.teamId,
          type: outcome.ok ? 'database.ready' : 'database.failed',
          title: outcome.ok
            ? `The database “${row.name}” is connected`
            : `The database “${row.name}” could not be reached`,
          body: outcome.message,
          url: url(ctx, 'databases.show', { database: row.id }),
        },
        { tx: uc.tx },
      );
  });
  ctx.jobs.poke();
}

async function notifyFailure(
  ctx: AppContext,
  imp: ImportRow,
  name: string,
  reason: string,
  jobId: string | null,
) {
  if (!imp.createdBy) return;
  await notify(ctx, {
    userIds: [imp.createdBy],
    teamId: imp.teamId,
    key: `database.import_failed:${imp.id}:${jobId ?? Date.now()}`,
    type: 'database.import_failed',
    title: `The scheduled import of “${name}” failed`,
    body: reason,
    url: jobId
      ? url(ctx, 'jobs.show', { job: jobId })
      : url(ctx, 'databases.show', { database: imp.connectionId }),
  });
}

/**
 * Start the scheduled imports that are due at `now` (the periodic job; tests pass a clock): each
 * gets a new version and an import job; one whose database does not answer is skipped until its
 * next period and its creator is told.
 */
export async function runDueImports(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(databaseImports)
    .where(
      and(
        ne(databaseImports.schedule, 'none'),
        isNotNull(databaseImports.nextRunAt),
        lte(databaseImports.nextRunAt, now),
      ),
    );
  let started = 0;
  for (const imp of due) {
    const [busy] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(datasetVersions)
      .where(
        and(eq(datasetVersions.datasetId, imp.datasetId), eq(datasetVersions.status, 'importing')),
      );
    if (Number(busy?.n ?? 0) > 0) continue;
    const actor = await jobActor(ctx, imp.teamId, imp.createdBy, 'database.schedule');
    const [ds] = await ctx.db
      .select({ name: datasets.name })
      .from(datasets)
      .where(eq(datasets.id, imp.datasetId));
    try {
      const connection = await findConnection(ctx.db, imp.teamId, imp.connectionId);
      const spec = await specOf(ctx.db, boxOf(ctx), connection);
      const { columns } = await withRemote(spec, policyOf(ctx), (r) =>
        r.preview(sourceOfImport(imp), 0),
      );
      await runUseCase(ctx, actor, (uc) =>
        startScheduledRun(uc, { importId: imp.id, columns, now }),
      );
      started++;
    } catch (err) {
      const reason = err instanceof RemoteError ? err.message : 'The database could not be read.';
      await runUseCase(ctx, actor, (uc) => skipScheduledRun(uc, imp, reason, now));
      await notifyFailure(ctx, imp, ds?.name ?? 'a dataset', reason, null);
    }
  }
  if (started) ctx.jobs.poke();
  return started;
}

/** An import whose worker died on its last attempt: failed, the previous version stays current */
async function abandonDatabaseImport(
  ctx: AppContext,
  versionId: string,
  jobId: string,
  scheduled: boolean,
) {
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  if (!version || version.status !== 'importing') return;
  const actor = await jobActor(ctx, version.teamId, version.createdBy, DATABASE_IMPORT);
  await runUseCase(ctx, actor, (uc) => failVersion(uc, version.id, ABANDONED, 'failed'));
  await jobProgressReporter(
    ctx,
    jobId,
    version.teamId,
  )({ done: 0, total: null, rate: null, etaSeconds: null, phase: 'failed' }, true);
  const imp = await importOfDataset(ctx.db, version.datasetId);
  if (scheduled && imp) {
    const [ds] = await ctx.db
      .select({ name: datasets.name })
      .from(datasets)
      .where(eq(datasets.id, imp.datasetId));
    await notifyFailure(ctx, imp, ds?.name ?? 'a dataset', ABANDONED, jobId);
  }
}

const ABANDONED =
  'The import failed: it was stopped twice before it ended (the server or worker stopped). Try again.';

async function runDatabaseImport(
  ctx: AppContext,
  versionId: string,
  jobId: string,
  scheduled: boolean,
) {
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  if (!version || version.status !== 'importing') return; // cancelled or ended meanwhile
  const imp = await importOfDataset(ctx.db, version.datasetId);
  const actor = await jobActor(ctx, version.teamId, version.createdBy, DATABASE_IMPORT);
  const started = Date.now();
  const progress = jobProgressReporter(ctx, jobId, version.teamId);
  try {
    if (!imp) throw new RemoteError('other', 'This dataset is no longer linked to a database.');
    const connection = await findConnection(ctx.db, imp.teamId, imp.connectionId);
    const spec = await specOf(ctx.db, boxOf(ctx), connection);
    // a retried run (the worker was stopped) starts again from an empty table
    await ctx.db.execute(sql.raw(`TRUNCATE ds."${version.relation.replace(/[^a-z0-9_]/g, '')}"`));
    await ctx.db.delete(datasetRowErrors).where(eq(datasetRowErrors.versionId, version.id));
    const columns = await columnsOf(ctx.db, version.id);
    const target = { relation: version.relation, physical: columns.map((c) => c.physical) };
    await progress({ done: 0, total: null, rate: null, etaSeconds: null, phase: 'reading' }, true);
    let index: number[] = [];
    let n = 0;
    await withRemote(spec, policyOf(ctx), async (remote) => {
      const rows = remote.stream(sourceOfImport(imp), CHUNK_ROWS, (remoteColumns) => {
        const names = remoteColumns.map((c) => c.name);
        index = columns.map((c) => names.indexOf(c.sourceColumn ?? ''));
        const missing = columns.find((_, i) => index[i] < 0);
        if (missing)
          throw new RemoteError(
            'query',
            `The database no longer has the column “${missing.sourceColumn}”.`,
          );
      });
      for await (const chunk of rows) {
        const copy: CopyRow[] = [];
        const errors: RowError[] = [];
        for (const row of chunk) {
          n++;
          const values: Array<string | null> = [];
          for (let i = 0; i < columns.length; i++) {
            const c = convertRemote(columns[i].type, row[index[i]]);
            if (c.ok) values.push(c.value);
            else {
              values.push(null);
              errors.push({
                row: n,
                columnKey: columns[i].key,
                value: rawText(row[index[i]]),
                reason: c.reason,
              });
            }
          }
          copy.push({ row: n, values });
        }
        await appendRows(ctx.database, target, copy);
        await recordRowErrors(ctx.db, version.id, errors);
        const [j] = await ctx.db
          .select({ c: jobs.cancelRequested })
          .from(jobs)
          .where(eq(jobs.id, jobId));
        if (j?.c) throw new Cancelled();
        const elapsed = (Date.now() - started) / 1000;
        await progress({
          done: n,
          total: null,
          rate: elapsed > 0 ? Math.round(n / elapsed) : null,
          etaSeconds: null,
          phase: 'writing',
        });
      }
    });
    await progress({ done: n, total: n, rate: null, etaSeconds: 0, phase: 'finishing' }, true);
    await computeStats(ctx.db, version.id);
    await runUseCase(ctx, actor, async (uc) => {
      await finishVersion(uc, version.id, { rows: n });
      await uc.tx
        .update(sourceCredentials)
        .set({ lastUsedAt: new Date() })
        .where(eq(sourceCredentials.connectionId, imp.connectionId));
    });
    await progress({ done: n, total: n, rate: null, etaSeconds: 0, phase: 'done' }, true);
  } catch (err) {
    const cancelled = err instanceof Cancelled;
    const reason = cancelled
      ? 'Cancelled by a user.'
      : `The import failed: ${(err instanceof RemoteError ? err.message : err instanceof Error ? err.message : String(err)).slice(0, 300)}`;
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
    if (scheduled && imp && !cancelled) {
      const [ds] = await ctx.db
        .select({ name: datasets.name })
        .from(datasets)
        .where(eq(datasets.id, imp.datasetId));
      await notifyFailure(ctx, imp, ds?.name ?? 'a dataset', reason, jobId);
    }
  }
}
