import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { ELEMENT_KINDS } from '../../../shared/toc/vocabulary.js';
import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { materializeProblem, serializeProblem } from '../libraries/index.js';
import { problemActualsByMetric } from '../metrics/index.js';
import { metrics } from '../metrics/metrics.tables.js';
import { tocElements } from '../problems/problems.tables.js';
import { projects } from '../projects/projects.tables.js';
import { formatLogframeError } from './logframe-cells.js';
import { workbookToTemplate } from './logframe-reader.js';
import { actualsKey, templateToXlsx, type LogframeActuals } from './logframe-writer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_LISTED_ERRORS = 20;

/** A team's project (404 for another team's id or a malformed one). */
export async function findProject(db: Db, teamId: string, projectId: string) {
  if (!UUID.test(projectId)) throw notFound('Project');
  const [project] = await db.select({ id: projects.id, name: projects.name, status: projects.status }).from(projects).where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)));
  if (!project) throw notFound('Project');
  return project;
}

/**
 * Actuals per metric and period, computed by the metrics module exactly as the metric page shows
 * them (formula over the data points, each aggregated over its entries).
 * Keyed like serializeProblem's refs (elements by level, then position; metrics by position).
 */
export async function problemActuals(db: Db, teamId: string, problemId: string): Promise<LogframeActuals> {
  const elements = await db
    .select({ id: tocElements.id, kind: tocElements.kind })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId)))
    .orderBy(asc(tocElements.position), asc(tocElements.createdAt), asc(tocElements.id));
  const order = new Map<string, number>(ELEMENT_KINDS.map((k, i) => [k, i]));
  const sorted = [...elements].sort((a, b) => (order.get(a.kind) ?? 9) - (order.get(b.kind) ?? 9));
  const refOf = new Map<string, string>();
  const perKind = new Map<string, number>();
  for (const e of sorted) {
    const n = (perKind.get(e.kind) ?? 0) + 1;
    perKind.set(e.kind, n);
    refOf.set(e.id, `${e.kind}-${n}`);
  }
  const metricRows = await db
    .select({ id: metrics.id, elementId: metrics.elementId })
    .from(metrics)
    .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId)))
    .orderBy(asc(metrics.position), asc(metrics.createdAt), asc(metrics.id));
  if (!metricRows.length) return {};
  // the same actuals as the metric pages: each metric's formula over its data points per period
  const actualsByMetric = await problemActualsByMetric({ db }, teamId, problemId);
  const indexInElement = new Map<string, number>();
  const keyOf = new Map<string, string>();
  for (const m of metricRows) {
    const i = indexInElement.get(m.elementId) ?? 0;
    indexInElement.set(m.elementId, i + 1);
    const ref = refOf.get(m.elementId);
    if (ref) keyOf.set(m.id, actualsKey(ref, i));
  }
  const out: LogframeActuals = {};
  for (const [metricId, perPeriod] of actualsByMetric) {
    const key = keyOf.get(metricId);
    if (key && Object.keys(perPeriod).length) out[key] = perPeriod;
  }
  return out;
}

export async function exportLogframe(ctx: AppContext, teamId: string, problemId: string): Promise<{ template: ProblemTemplate; buffer: Buffer }> {
  if (!UUID.test(problemId)) throw notFound('Problem');
  const template = await serializeProblem(ctx.db, teamId, problemId, { includeBaselines: true });
  const actuals = await problemActuals(ctx.db, teamId, problemId);
  const buffer = await templateToXlsx(template, { actuals, appName: ctx.config.appName });
  return { template, buffer };
}

/** "Girls' education: 2026/27" -> "Girls-education-2026-27-logframe.xlsx" (ASCII, no quotes or slashes). */
export function logframeFilename(title: string): { ascii: string; utf8: string } {
  const base = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const ascii = base.replace(/[^A-Za-z0-9._ -]+/g, '-').replace(/[\s-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80) || 'problem';
  const utf8 = title.replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '-').trim().slice(0, 80) || 'problem';
  return { ascii: `${ascii}-logframe.xlsx`, utf8: `${utf8} - logframe.xlsx` };
}

/** Read an uploaded workbook and create the problem in one transaction; errors land on `file`. */
export async function importLogframe(ctx: AppContext, input: { teamId: string; projectId: string; userId: string; buffer: Buffer }) {
  const read = await workbookToTemplate(input.buffer);
  if ('errors' in read) throw new ValidationError({ file: fileErrors(read.errors.map(formatLogframeError)) }, 'The workbook could not be imported.');
  try {
    const problemId = await ctx.db.transaction((tx) => materializeProblem(tx as unknown as Db, { teamId: input.teamId, projectId: input.projectId, userId: input.userId, template: read.template }));
    return { problemId, template: read.template };
  } catch (err) {
    if (err instanceof ValidationError) throw new ValidationError({ file: fileErrors(Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`)) }, err.message);
    throw err;
  }
}

function fileErrors(lines: string[]): string {
  const shown = lines.slice(0, MAX_LISTED_ERRORS);
  const more = lines.length - shown.length;
  return [lines.length === 1 ? 'The file could not be imported:' : `The file could not be imported (${lines.length} problems):`, ...shown, ...(more > 0 ? [`... and ${more} more.`] : [])].join('\n');
}
