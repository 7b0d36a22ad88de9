import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, eq, gt, getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import JSZip from 'jszip';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { runUseCase, type WriteActor } from '../../platform/use-case/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import { EXPORT_PROGRESS_EVENT } from '../../../shared/settings/export-status.js';
import { EXPORT_TTL_HOURS } from '../../../shared/settings/settings.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import {
  dataPoints,
  metricTargets,
  metrics,
  metricValues,
  surveyQuestions,
} from '../metrics/read-model.js';
import {
  formQuestions,
  formResponses,
  forms,
  formVersions,
  stakeholders,
} from '../forms/read-model.js';
import { datasets } from '../datasets/read-model.js';
import { readRows } from '../datasets/index.js';
import { csvLine } from '../../platform/exports/csv.js';
import { xlsxStream } from '../../platform/exports/xlsx.js';
import { teamExports } from './settings.tables.js';
import { pruneExpiredFiles } from '../../platform/exports/prune.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'settings.export': { exportId: string };
  }
}

/** Every table the team owns, in the order the zip lists them (all have `id` and `team_id`). */
type Owned = PgTable & { id: never; teamId: never };
const TABLES = [
  projects,
  problems,
  tocElements,
  tocLinks,
  metrics,
  metricTargets,
  dataPoints,
  surveyQuestions,
  metricValues,
  forms,
  formQuestions,
  formVersions,
  formResponses,
  stakeholders,
  datasets,
] as unknown as Owned[];

const PAGE = 1000;
/** The workbook with a sheet per table; each dataset's rows are `dataset_rows/<id>.xlsx`. */
const XLSX_TABLES = 'team-data.xlsx';

/** Where a team's export lives: DATA_DIR/exports/<team>/<export id>.zip (never a user's name). */
export function exportPath(dataDir: string, teamId: string, exportId: string) {
  return path.join(dataDir, 'exports', teamId, `${exportId}.zip`);
}

/** The rows of one table, page by page in id order (the header first, as a page of one). */
async function* tablePages(db: Db, table: Owned, teamId: string): AsyncGenerator<unknown[][]> {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns);
  yield [keys.map((k) => columns[k].name)];
  const idCol = columns.id;
  const teamCol = columns.teamId;
  let after: string | null = null;
  for (;;) {
    const where = after ? and(eq(teamCol, teamId), gt(idCol, after)) : eq(teamCol, teamId);
    const rows = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(asc(idCol))
      .limit(PAGE)) as Array<Record<string, unknown>>;
    if (!rows.length) return;
    yield rows.map((r) => keys.map((k) => r[k]));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id as string;
  }
}

/** One dataset's current rows (the columns a user sees), through the datasets module. */
async function* datasetPages(db: Db, teamId: string, datasetId: string) {
  let after: number | undefined;
  let header = false;
  for (;;) {
    const page = await readRows(db, teamId, datasetId, { after, limit: PAGE });
    if (!header) {
      yield [['_row', ...page.columns.map((c) => c.key)]];
      header = true;
    }
    if (page.rows.length)
      yield page.rows.map((r) => [r._row, ...page.columns.map((c) => r.values[c.key])]);
    if (page.next === null) return;
    after = page.next;
  }
}

/** Pages counted as they pass (the header page is not a row). */
async function* counted(pages: AsyncGenerator<unknown[][]>, onPage: (n: number) => Promise<void>) {
  let first = true;
  for await (const page of pages) {
    yield page;
    if (first) first = false;
    else await onPage(page.length);
  }
}

async function* asCsv(pages: AsyncGenerator<unknown[][]>) {
  for await (const page of pages) {
    let chunk = '';
    for (const r of page) chunk += csvLine(r);
    if (chunk) yield chunk;
  }
}

async function actorOf(
  ctx: AppContext,
  teamId: string,
  userId: string | null,
): Promise<WriteActor> {
  const [u] = userId ? await ctx.db.select().from(users).where(eq(users.id, userId)) : [];
  return {
    userId: u?.id ?? '',
    name: u?.name ?? 'Export job',
    email: u?.email ?? '',
    teamId,
    role: null,
    tokenId: null,
    ip: null,
    userAgent: 'job settings.export',
  };
}

/**
 * Write the zip: one CSV per table, one per dataset (its current rows), and manifest.json (what
 * each file holds and how many rows). Built in a temporary file, renamed when complete; rows are
 * read a page at a time and streamed into the zip (jszip reads each file's stream in turn).
 */
async function runExport(ctx: AppContext, exportId: string, now = () => new Date()) {
  const [row] = await ctx.db.select().from(teamExports).where(eq(teamExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const teamId = row.teamId;
  const file = exportPath(ctx.config.dataDir, teamId, row.id);
  const tmp = `${file}.part`;
  const channel = channels.team(teamId);
  const counts: Record<string, number> = {};
  const actor = await actorOf(ctx, teamId, row.requestedBy);
  await ctx.db
    .update(teamExports)
    .set({ status: 'running', failure: null })
    .where(eq(teamExports.id, row.id));
  let done = 0;
  let grand = 0;
  let lastProgress = 0;
  const tick = async (table: string, k: number, csv = true) => {
    if (csv) counts[table] += k;
    done += k;
    const t = Date.now();
    if (t - lastProgress < 1000) return;
    lastProgress = t;
    const progress = { table, done, total: grand };
    await ctx.db.update(teamExports).set({ progress }).where(eq(teamExports.id, row.id));
    await ctx.realtime
      .publish(channel, EXPORT_PROGRESS_EVENT, { exportId: row.id, progress })
      .catch(() => {});
  };
  try {
    const entries: Array<{
      name: string;
      table: string;
      total: number;
      pages: () => AsyncGenerator<unknown[][]>;
    }> = [];
    for (const table of TABLES) {
      const name = getTableName(table);
      const [{ n }] = await ctx.db
        .select({ n: count() })
        .from(table)
        .where(eq(getTableColumns(table).teamId, teamId));
      entries.push({
        name: `${name}.csv`,
        table: name,
        total: Number(n),
        pages: () => tablePages(ctx.db, table, teamId),
      });
    }
    const dsRows = await ctx.db
      .select({ id: datasets.id, name: datasets.name })
      .from(datasets)
      .where(eq(datasets.teamId, teamId))
      .orderBy(asc(datasets.id));
    for (const d of dsRows) {
      const key = `dataset_rows/${d.id}`;
      entries.push({
        name: `${key}.csv`,
        table: key,
        total: 0,
        pages: () => datasetPages(ctx.db, teamId, d.id),
      });
    }
    for (const e of entries) counts[e.table] = 0;
    // every row is read twice: once into its CSV, once into the XLSX workbooks
    grand = 2 * entries.reduce((a, e) => a + e.total, 0);
    const zip = new JSZip();
    for (const e of entries)
      zip.file(e.name, Readable.from(asCsv(counted(e.pages(), (k) => tick(e.table, k)))));
    const sheet = (e: (typeof entries)[number]) => ({
      name: e.table,
      pages: () => counted(e.pages(), (k) => tick(e.table, k, false)),
    });
    const tables = entries.filter((e) => !e.table.startsWith('dataset_rows/'));
    const workbooks = [
      { file: XLSX_TABLES, sheets: tables.map(sheet) },
      ...entries
        .filter((e) => e.table.startsWith('dataset_rows/'))
        .map((e) => ({ file: `${e.table}.xlsx`, sheets: [{ ...sheet(e), name: 'rows' }] })),
    ];
    for (const w of workbooks) zip.file(w.file, Readable.from(xlsxStream(w.sheets)));
    // the manifest is written last, when the counts are known: a stream that waits for the others
    zip.file(
      'manifest.json',
      Readable.from(
        (async function* () {
          yield JSON.stringify(
            {
              format: 'pathways-team-export',
              version: 1,
              teamId,
              exportId: row.id,
              createdAt: row.createdAt.toISOString(),
              files: entries.map((e) => ({
                file: e.name,
                table: e.table,
                rows: counts[e.table],
              })),
              workbooks: workbooks.map((w) => ({
                file: w.file,
                sheets: w.sheets.map((x) => x.name),
              })),
              note: 'The same rows as CSV and as XLSX (one workbook with a sheet per table, one per dataset). Text cells that would start a spreadsheet formula (= + - @) are prefixed with an apostrophe in both.',
            },
            null,
            2,
          );
        })(),
      ),
    );
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(
      zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' }),
      createWriteStream(tmp),
    );
    await rename(tmp, file);
    const { size } = await stat(file);
    const finished = now();
    await runUseCase(ctx, actor, async (uc) => {
      await uc.tx
        .update(teamExports)
        .set({
          status: 'done',
          progress: { table: 'manifest.json', done, total: grand },
          counts,
          byteSize: size,
          finishedAt: finished,
          expiresAt: new Date(finished.getTime() + EXPORT_TTL_HOURS * 3600_000),
        })
        .where(eq(teamExports.id, row.id));
      await uc.audit({
        action: 'settings.export_finished',
        subject: { type: 'team_export', id: row.id },
        details: { byteSize: size, files: Object.keys(counts).length },
      });
      uc.publish(channel, EXPORT_PROGRESS_EVENT, { exportId: row.id, progress: null });
    });
  } catch (err) {
    await rm(tmp, { force: true });
    await runUseCase(ctx, actor, async (uc) => {
      await uc.tx
        .update(teamExports)
        .set({ status: 'failed', failure: 'The export could not be written. Try again.' })
        .where(eq(teamExports.id, row.id));
      await uc.audit({
        action: 'settings.export_failed',
        subject: { type: 'team_export', id: row.id },
        details: { error: (err as Error).message?.slice(0, 500) },
      });
      uc.publish(channel, EXPORT_PROGRESS_EVENT, { exportId: row.id, progress: null });
    });
    throw err;
  }
}

/** Expired exports: their files are deleted (the row stays, without a download). */
export async function pruneExports(ctx: AppContext, now: Date) {
  const rows = await ctx.db
    .select({ id: teamExports.id, teamId: teamExports.teamId, expiresAt: teamExports.expiresAt })
    .from(teamExports)
    .where(eq(teamExports.status, 'done'));
  await pruneExpiredFiles(
    rows.map((r) => ({
      expiresAt: r.expiresAt,
      file: exportPath(ctx.config.dataDir, r.teamId, r.id),
    })),
    now,
  );
}

export function registerExportJobs(ctx: AppContext) {
  ctx.jobs.register('settings.export', (p) => runExport(ctx, p.exportId), {
    payload: z.object({ exportId: z.string().uuid() }).strict(),
    maxAttempts: 1,
  });
  ctx.jobs.register('settings.prune-exports', () => pruneExports(ctx, new Date()), {
    everyMs: 60 * 60_000,
  });
}
