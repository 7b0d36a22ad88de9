import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import { denial, type UseCase } from '../../platform/use-case/index.js';
import { ELEMENT_KINDS } from '../../../shared/toc/vocabulary.js';
import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { materializeProblem, serializeProblem } from '../libraries/index.js';
import { problemActualsByMetric } from '../metrics/index.js';
import { metrics } from '../metrics/read-model.js';
import { findProblem } from '../problems/index.js';
import { tocElements } from '../problems/read-model.js';
import { findProject } from '../projects/index.js';
import { formatLogframeError } from './logframe-cells.js';
import type { LogframeActuals } from './logframe-writer.js';

const MAX_LISTED_ERRORS = 20;

/**
 * Actuals per metric and period, computed by the metrics module exactly as the metric page shows
 * them (formula over the data points, each aggregated over its entries).
 * Keyed like serializeProblem's refs (elements by level, then position; metrics by position).
 */
async function problemActuals(db: Db, teamId: string, problemId: string): Promise<LogframeActuals> {
  // the workbook code (exceljs, ~28 MB once loaded) is imported on first use, not at start
  const { actualsKey } = await import('./logframe-writer.js');
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

/** The problem as a logframe workbook (with its actuals); the download is audited. */
export async function exportLogframe(
  uc: UseCase,
  input: { problemId: unknown },
): Promise<{ template: ProblemTemplate; buffer: Buffer }> {
  const { problem } = await findProblem(uc.tx, uc.teamId, input.problemId);
  uc.can('content.view');
  const template = await serializeProblem(uc.tx, uc.teamId, problem.id, { includeBaselines: true });
  const actuals = await problemActuals(uc.tx, uc.teamId, problem.id);
  const { templateToXlsx } = await import('./logframe-writer.js');
  const buffer = await templateToXlsx(template, { actuals, appName: uc.ctx.config.appName });
  await uc.audit({
    action: 'logframe.exported',
    subject: { type: 'problem', id: problem.id, label: template.problem.title },
    details: {
      elements: template.elements.length,
      metrics: template.elements.reduce((n, e) => n + e.metrics.length, 0),
    },
  });
  return { template, buffer };
}

/** "Girls' education: 2026/27" -> "Girls-education-2026-27-logframe.xlsx" (ASCII, no quotes or slashes). */
export function logframeFilename(title: string): { ascii: string; utf8: string } {
  const base = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const ascii =
    base
      .replace(/[^A-Za-z0-9._ -]+/g, '-')
      .replace(/[\s-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'problem';
  const utf8 =
    title
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
      .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '-')
      .trim()
      .slice(0, 80) || 'problem';
  return { ascii: `${ascii}-logframe.xlsx`, utf8: `${utf8} - logframe.xlsx` };
}

/** Read an uploaded workbook (the request's input): its template, or the errors on `file`. */
export async function readLogframe(buffer: Buffer): Promise<ProblemTemplate> {
  const { workbookToTemplate } = await import('./logframe-reader.js');
  const read = await workbookToTemplate(buffer);
  if ('errors' in read)
    throw new ValidationError(
      { file: fileErrors(read.errors.map(formatLogframeError)) },
      'The workbook could not be imported.',
    );
  return read.template;
}

/** Create the problem of a read workbook in a project of the team; errors land on `file`. */
export async function importLogframe(
  uc: UseCase,
  input: { projectId: unknown; template: ProblemTemplate; bytes: number },
) {
  const project = await findProject(uc.tx, uc.teamId, input.projectId);
  const refused = denial(uc.actor, 'content.create', { project });
  if (refused?.code === 'PROJECT_ARCHIVED') throw new ValidationError({ file: refused.message });
  if (refused) throw refused;
  const template = input.template;
  let problemId: string;
  try {
    problemId = await materializeProblem(uc.tx, {
      teamId: uc.teamId,
      projectId: project.id,
      userId: uc.actor.userId,
      template,
    });
  } catch (err) {
    if (err instanceof ValidationError)
      throw new ValidationError(
        { file: fileErrors(Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`)) },
        err.message,
      );
    throw err;
  }
  await uc.audit({
    action: 'logframe.imported',
    subject: { type: 'problem', id: problemId, label: template.problem.title },
    details: {
      projectId: project.id,
      projectName: project.name,
      elements: template.elements.length,
      links: template.links.length,
      metrics: template.elements.reduce((n, e) => n + e.metrics.length, 0),
      bytes: input.bytes,
    },
  });
  return { problemId, project, template };
}

function fileErrors(lines: string[]): string {
  const shown = lines.slice(0, MAX_LISTED_ERRORS);
  const more = lines.length - shown.length;
  return [
    lines.length === 1
      ? 'The file could not be imported:'
      : `The file could not be imported (${lines.length} problems):`,
    ...shown,
    ...(more > 0 ? [`... and ${more} more.`] : []),
  ].join('\n');
}
