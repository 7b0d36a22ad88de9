import { and, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { jobs, PermanentJobError } from '../../platform/jobs/index.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import type { JobProgress } from '../../../shared/datasets/datasets.pages.js';
import { convertValue, inferType, rawText } from '../../../shared/datasets/convert.js';
import {
  appendRows,
  beginVersion,
  columnsOf,
  computeStats,
  failVersion,
  findDataset,
  finishVersion,
  jobProgressReporter,
  recordRowErrors,
  type CopyRow,
  type NewColumn,
  type RowError,
} from '../datasets/index.js';
import { datasetVersions } from '../datasets/read-model.js';
import { boxOf, jobActor, policyOf } from '../databases/index.js';
import { keyFromLabel } from '../sources/index.js';
import { ConnectorError } from './connectors.http.js';
import {
  findConnector,
  RevokedCredentialError,
  specOf,
  type ConnectorImportRow,
} from './connectors.queries.js';
import { remoteOf, type FlatRecord } from './connectors.remote.js';
import { connectorImports, connectors } from './connectors.tables.js';
import { CONNECTOR_IMPORT, refreshConnectorImport } from './connectors.use-cases.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'connector.import': { importId: string };
    'connector.schedule': Record<string, never>;
  }
}

const CHUNK_ROWS = 5_000;
const SCHEDULE_EVERY_MS = 5 * 60_000;

export function registerConnectorJobs(ctx: AppContext) {
  ctx.jobs.register(CONNECTOR_IMPORT, (p, job) => runConnectorImport(ctx, p.importId, job.id), {
    payload: z.object({ importId: z.string().uuid() }).strict(),
    maxAttempts: 2,
    // the worker died during the last attempt: fail the pull (and its version, if it began one)
    onAbandoned: (p, job) => abandonConnectorImport(ctx, p.importId, job.id),
  });
  ctx.jobs.register(
    'connector.schedule',
    () => runDueConnectorImports(ctx, new Date()).then(() => {}),
    { payload: z.object({}).strict(), everyMs: SCHEDULE_EVERY_MS, maxAttempts: 1 },
  );
}

/** Start the scheduled pulls due at `now` (the periodic job; tests pass a clock) */
export async function runDueConnectorImports(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(connectorImports)
    .where(
      and(
        ne(connectorImports.schedule, 'none'),
        isNotNull(connectorImports.nextRunAt),
        lte(connectorImports.nextRunAt, now),
        inArray(connectorImports.status, ['ready', 'failed']),
      ),
    );
  let started = 0;
  for (const imp of due) {
    const actor = await jobActor(ctx, imp.teamId, imp.createdBy, 'connector.schedule');
    const r = await runUseCase(ctx, actor, (uc) =>
      refreshConnectorImport(uc, imp.id, { now, scheduled: true }),
    );
    if (r.started) started++;
  }
  return started;
}

/** Dataset columns for the records' keys (first seen first), keys kept by source on a refresh */
function columnsFor(
  order: string[],
  records: Iterable<FlatRecord>,
  kept: Map<string, string>,
): NewColumn[] {
  const values = new Map<string, Array<string | number | boolean | null>>(
    order.map((k) => [k, []]),
  );
  for (const r of records) for (const k of order) values.get(k)!.push(r[k] ?? null);
  const used = new Set<string>(kept.values());
  return order.map((name) => {
    let key = kept.get(name);
    if (!key) {
      const base = keyFromLabel(name) || 'col';
      key = base;
      for (let n = 2; used.has(key); n++) key = `${base.slice(0, 55)}_${n}`;
    }
    used.add(key);
    return { key, label: name, type: inferType(values.get(name)!), sourceColumn: name };
  });
}

const ABANDONED =
  'The import failed: it was stopped twice before it ended (the server or worker stopped). Try again.';

/**
 * A pull whose worker died on its last attempt: the version it began (if any) failed, the previous
 * one stays current, and the import is no longer "running" (a refresh would be refused forever).
 */
async function abandonConnectorImport(ctx: AppContext, importId: string, jobId: string) {
  const [imp] = await ctx.db
    .select()
    .from(connectorImports)
    .where(eq(connectorImports.id, importId));
  if (!imp || imp.jobId !== jobId) return; // deleted, or a newer pull took over
  const [begun] = await ctx.db
    .select({ id: datasetVersions.id })
    .from(datasetVersions)
    .where(and(eq(datasetVersions.jobId, jobId), eq(datasetVersions.status, 'importing')));
  const actor = await jobActor(ctx, imp.teamId, imp.createdBy, CONNECTOR_IMPORT);
  await runUseCase(ctx, actor, async (uc) => {
    if (begun) await failVersion(uc, begun.id, ABANDONED);
    else
      await uc.audit({
        action: 'dataset.import_failed',
        subject: { type: 'dataset', id: imp.datasetId },
        details: { reason: ABANDONED.slice(0, 200), connector: imp.connectorId },
      });
    await uc.tx
      .update(connectorImports)
      .set({ status: 'failed', message: ABANDONED })
      .where(eq(connectorImports.id, imp.id));
  });
  await jobProgressReporter(
    ctx,
    jobId,
    imp.teamId,
  )({ done: 0, total: null, rate: null, etaSeconds: null, phase: 'failed' }, true);
}

async function runConnectorImport(ctx: AppContext, importId: string, jobId: string) {
  const [imp] = await ctx.db
    .select()
    .from(connectorImports)
    .where(eq(connectorImports.id, importId));
  if (!imp || imp.jobId !== jobId) return; // deleted, or a newer pull took over
  const actor = await jobActor(ctx, imp.teamId, imp.createdBy, CONNECTOR_IMPORT);
  const channel = channels.team(imp.teamId);
  const setImport = (set: Partial<ConnectorImportRow>) =>
    ctx.db.update(connectorImports).set(set).where(eq(connectorImports.id, imp.id));
  const progress = async (p: JobProgress) => {
    await ctx.db
      .update(jobs)
      .set({ progress: p as unknown as Record<string, unknown> })
      .where(eq(jobs.id, jobId));
    const event =
      p.phase === 'done' ? 'job.finished' : p.phase === 'failed' ? 'job.failed' : 'job.progress';
    await ctx.realtime.publish(channel, event, { jobId, progress: p }).catch(() => {});
  };
  let versionId: string | null = null;
  try {
    await setImport({ status: 'running', message: null, fetched: 0 });
    const connector = await findConnector(ctx.db, imp.teamId, imp.connectorId);
    const remote = remoteOf(specOf(boxOf(ctx), connector), policyOf(ctx));
    // one row per remote record id: a record seen twice (paging while submissions arrive) once
    const byId = new Map<string, FlatRecord>();
    const order: string[] = [];
    const seen = new Set<string>();
    for await (const { id, record } of remote.records(imp.formId, async (done, total) => {
      await setImport({ fetched: done });
      await progress({ done, total, rate: null, etaSeconds: null, phase: 'reading' });
    })) {
      byId.set(id, record);
      for (const k of Object.keys(record))
        if (!seen.has(k)) {
          seen.add(k);
          order.push(k);
        }
    }
    if (!order.length) throw new ConnectorError('protocol', 'The form has no submissions yet.');
    const { columns: current } = await findDataset(ctx.db, imp.teamId, imp.datasetId);
    const kept = new Map(
      current.filter((c) => c.sourceColumn).map((c) => [c.sourceColumn!, c.key]),
    );
    const columns = columnsFor(order, byId.values(), kept);
    const { version } = await runUseCase(ctx, actor, async (uc) => {
      const begun = await beginVersion(uc, imp.datasetId, columns, jobId);
      await uc.audit({
        action: 'connector.pulled',
        subject: { type: 'dataset', id: imp.datasetId },
        details: {
          connector: imp.connectorId,
          form: imp.formId,
          records: byId.size,
          version: begun.version.number,
        },
      });
      return begun;
    });
    versionId = version.id;
    const stored = await columnsOf(ctx.db, version.id);
    const target = { relation: version.relation, physical: stored.map((c) => c.physical) };
    let n = 0;
    let copy: CopyRow[] = [];
    let errors: RowError[] = [];
    const flush = async () => {
      await appendRows(ctx.database, target, copy);
      await recordRowErrors(ctx.db, version.id, errors);
      copy = [];
      errors = [];
      await progress({ done: n, total: byId.size, rate: null, etaSeconds: null, phase: 'writing' });
    };
    for (const record of byId.values()) {
      n++;
      const values: Array<string | null> = [];
      for (const c of columns) {
        const raw = record[c.sourceColumn!] ?? null;
        const v = convertValue(c.type, raw);
        if (v.ok) values.push(v.value);
        else {
          values.push(null);
          errors.push({ row: n, columnKey: c.key, value: rawText(raw), reason: v.reason });
        }
      }
      copy.push({ row: n, values });
      if (copy.length >= CHUNK_ROWS) await flush();
    }
    await flush();
    await computeStats(ctx.db, version.id);
    await runUseCase(ctx, actor, async (uc) => {
      await finishVersion(uc, version.id, { rows: n });
      await uc.tx
        .update(connectorImports)
        .set({
          status: 'ready',
          fetched: n,
          message: n === 1 ? '1 submission imported.' : `${n} submissions imported.`,
        })
        .where(eq(connectorImports.id, imp.id));
      // the secret worked (Sources authentication's "last used")
      await uc.tx
        .update(connectors)
        .set({ lastUsedAt: new Date() })
        .where(eq(connectors.id, imp.connectorId));
    });
    await progress({ done: n, total: n, rate: null, etaSeconds: 0, phase: 'done' });
  } catch (err) {
    const reason = `The import failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`;
    await runUseCase(ctx, actor, async (uc) => {
      if (versionId) await failVersion(uc, versionId, reason);
      else
        await uc.audit({
          action: 'dataset.import_failed',
          subject: { type: 'dataset', id: imp.datasetId },
          details: { reason: reason.slice(0, 200), connector: imp.connectorId },
        });
      await uc.tx
        .update(connectorImports)
        .set({ status: 'failed', message: reason })
        .where(eq(connectorImports.id, imp.id));
    });
    await progress({ done: 0, total: null, rate: null, etaSeconds: null, phase: 'failed' });
    // a revoked credential: the job fails at once with the same message (retrying cannot help)
    if (err instanceof RevokedCredentialError) throw new PermanentJobError(reason);
  }
}
