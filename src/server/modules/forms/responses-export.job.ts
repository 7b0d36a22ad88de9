import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { EXPORT_TTL_HOURS } from '../../../shared/settings/settings.js';
import type {
  ResponseExportFileType,
  ResponseExportFormat,
} from '../../../shared/forms/responses-export.js';
import type { ResponsesFilters } from '../../../shared/forms/forms.pages.js';
import type { ResponseExportOptions } from '../../../shared/forms/responses-export.js';
import { jobActor } from '../databases/index.js';
import { csvChunks } from '../../platform/exports/csv.js';
import { pruneExpiredFiles } from '../../platform/exports/prune.js';
import { xlsxStream } from '../../platform/exports/xlsx.js';
import { zipStream } from '../../platform/exports/zip.js';
import { formExports } from './forms.tables.js';
import {
  countMatching,
  exportColumns,
  exportPages,
  formQuestionVersions,
  repeatPages,
  repeatSheets,
} from './responses.export.js';

/** DATA_DIR/exports/<team>/responses-<export id>.<csv|xlsx|zip> (never a user's text in the path). */
export function responseExportPath(
  dataDir: string,
  teamId: string,
  exportId: string,
  type: ResponseExportFileType,
) {
  return path.join(dataDir, 'exports', teamId, `responses-${exportId}.${type}`);
}

/** The files a finished export in this format may have written (a CSV export is a zip when the form has repeats). */
const candidates = (format: ResponseExportFormat): ResponseExportFileType[] =>
  format === 'csv' ? ['zip', 'csv'] : [format];

/** The file a finished background export wrote, and what it is (null when there is none, e.g. pruned). */
export function storedResponseExport(
  dataDir: string,
  teamId: string,
  exportId: string,
  format: ResponseExportFormat,
): { file: string; type: ResponseExportFileType } | null {
  for (const type of candidates(format)) {
    const file = responseExportPath(dataDir, teamId, exportId, type);
    if (existsSync(file)) return { file, type };
  }
  return null;
}

/**
 * A form's matching responses, streamed chunk by chunk: an XLSX (a sheet for the responses, one per
 * repeat group), a CSV (UTF-8 with a BOM), or, when the form has repeat groups, a zip of the
 * responses' CSV and one CSV per repeat group. Every file is written from the same pages of rows as
 * the XLSX sheets (`exportPages`, `repeatPages`).
 */
export async function responsesFile(
  db: Db,
  input: {
    teamId: string;
    formId: string;
    filters: ResponsesFilters;
    options: ResponseExportOptions;
  },
  onRows: (n: number) => Promise<void> = async () => {},
): Promise<{ type: ResponseExportFileType; body: AsyncIterable<string | Buffer> }> {
  const versions = await formQuestionVersions(db, input.formId);
  const cols = exportColumns(versions, input.options);
  async function* pages() {
    let header = true;
    for await (const page of exportPages(db, input.teamId, input.formId, input.filters, cols)) {
      yield page;
      if (header) header = false;
      else await onRows(page.length);
    }
  }
  // each repeat group's instances, their rows linked to the response by _response_id and _row
  const repeats = repeatSheets(versions, input.options).map((sheet) => ({
    key: sheet.key,
    pages: () => repeatPages(db, input.teamId, input.formId, input.filters, sheet),
  }));
  if (input.options.format === 'xlsx')
    return {
      type: 'xlsx',
      body: xlsxStream([
        { name: 'responses', pages },
        ...repeats.map((r) => ({ name: r.key.slice(0, 31), pages: r.pages })),
      ]),
    };
  if (!repeats.length) return { type: 'csv', body: csvChunks(pages()) };
  return {
    type: 'zip',
    body: zipStream([
      { name: 'responses.csv', chunks: csvChunks(pages()) },
      // keys have no '-': `responses-<key>.csv` never meets another file's name
      ...repeats.map((r) => ({ name: `responses-${r.key}.csv`, chunks: csvChunks(r.pages()) })),
    ]),
  };
}

/** Write the file (a temporary name, renamed when complete), with the rows done as progress. */
async function runResponseExport(ctx: AppContext, exportId: string, now = () => new Date()) {
  const [row] = await ctx.db.select().from(formExports).where(eq(formExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  // the file's name is known once the export knows what it writes (a CSV of repeats is a zip)
  let tmp = '';
  const actor = await jobActor(ctx, row.teamId, row.requestedBy, 'forms.response-export');
  try {
    const total = await countMatching(ctx.db, row.teamId, row.formId, row.filters);
    let done = 0;
    await ctx.db
      .update(formExports)
      .set({ status: 'running', progress: { done, total } })
      .where(eq(formExports.id, row.id));
    const { type, body } = await responsesFile(ctx.db, row, async (n) => {
      done += n;
      await ctx.db
        .update(formExports)
        .set({ progress: { done, total } })
        .where(eq(formExports.id, row.id));
    });
    const file = responseExportPath(ctx.config.dataDir, row.teamId, row.id, type);
    tmp = `${file}.part`;
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(Readable.from(body), createWriteStream(tmp));
    await rename(tmp, file);
    const { size } = await stat(file);
    const finished = now();
    await runUseCase(ctx, actor, async (uc) => {
      await uc.tx
        .update(formExports)
        .set({
          status: 'done',
          progress: { done, total: Math.max(total, done) },
          byteSize: size,
          finishedAt: finished,
          expiresAt: new Date(finished.getTime() + EXPORT_TTL_HOURS * 3600_000),
        })
        .where(eq(formExports.id, row.id));
      await uc.audit({
        action: 'responses.export_finished',
        subject: { type: 'form', id: row.formId },
        details: { exportId: row.id, rows: done, byteSize: size },
      });
    });
  } catch (err) {
    if (tmp) await rm(tmp, { force: true });
    await runUseCase(ctx, actor, async (uc) => {
      await uc.tx
        .update(formExports)
        .set({ status: 'failed', failure: 'The export could not be written. Try again.' })
        .where(eq(formExports.id, row.id));
      await uc.audit({
        action: 'responses.export_failed',
        subject: { type: 'form', id: row.formId },
        details: { exportId: row.id, error: (err as Error).message?.slice(0, 500) },
      });
    });
    throw err;
  }
}

/** Expired responses exports: their files are deleted, as the team exports' are. */
export async function pruneResponseExports(ctx: AppContext, now: Date) {
  const rows = await ctx.db.select().from(formExports).where(eq(formExports.status, 'done'));
  await pruneExpiredFiles(
    rows.flatMap((r) =>
      candidates(r.options.format).map((type) => ({
        expiresAt: r.expiresAt,
        file: responseExportPath(ctx.config.dataDir, r.teamId, r.id, type),
      })),
    ),
    now,
  );
}

export function registerResponseExportJobs(ctx: AppContext) {
  ctx.jobs.register('forms.response-export', (p) => runResponseExport(ctx, p.exportId), {
    payload: z.object({ exportId: z.string().uuid() }).strict(),
    maxAttempts: 1,
  });
  ctx.jobs.register('forms.prune-response-exports', () => pruneResponseExports(ctx, new Date()), {
    everyMs: 60 * 60_000,
  });
}
