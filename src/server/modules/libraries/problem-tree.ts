import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { findProject } from '../projects/index.js';
import { teamFiscalStartMonth } from '../metrics/index.js';
import { isFiscal } from '../../../shared/metrics/fiscal.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import {
  dataPoints,
  metrics,
  metricTargets,
  surveyQuestions,
  type DataPointBinding,
} from '../metrics/read-model.js';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
  type ElementTemplate,
  type MetricTemplate,
  type ProblemTemplate,
  type StrategyTemplate,
} from '../../../shared/toc/template.schemas.js';
import { ELEMENT_KINDS } from '../../../shared/toc/vocabulary.js';
import { templateProblems } from './template-rules.js';

/** A database handle or a transaction (a Drizzle transaction is a PgDatabase too). */
type Tx = Db;

const KIND_ORDER = new Map<string, number>(ELEMENT_KINDS.map((k, i) => [k, i]));

export interface SerializeOptions {
  /** copy baselines, reporting ranges and targets too (library templates leave them out) */
  includeBaselines?: boolean;
}

/**
 * A problem of the team as a self-contained template: its elements (by level, in order) with their
 * metrics, data points and survey questions, and its links, with refs instead of ids. Owners,
 * dates, statuses and values are never part of a template; baselines and targets only when asked.
 */
export async function serializeProblem(
  db: Db,
  teamId: string,
  problemId: string,
  opts: SerializeOptions = {},
): Promise<ProblemTemplate> {
  const [problem] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.id, problemId), eq(problems.teamId, teamId)));
  if (!problem) throw notFound('Problem');
  const scope = (t: { problemId: PgColumn; teamId: PgColumn }) =>
    and(eq(t.problemId, problemId), eq(t.teamId, teamId));
  const [elementRows, linkRows, metricRows, dataPointRows, questionRows] = await Promise.all([
    db
      .select()
      .from(tocElements)
      .where(scope(tocElements))
      .orderBy(asc(tocElements.position), asc(tocElements.createdAt), asc(tocElements.id)),
    db
      .select()
      .from(tocLinks)
      .where(scope(tocLinks))
      .orderBy(asc(tocLinks.createdAt), asc(tocLinks.id)),
    db
      .select()
      .from(metrics)
      .where(scope(metrics))
      .orderBy(asc(metrics.position), asc(metrics.createdAt), asc(metrics.id)),
    db
      .select()
      .from(dataPoints)
      .where(scope(dataPoints))
      .orderBy(asc(dataPoints.position), asc(dataPoints.createdAt), asc(dataPoints.id)),
    db
      .select()
      .from(surveyQuestions)
      .where(scope(surveyQuestions))
      .orderBy(
        asc(surveyQuestions.position),
        asc(surveyQuestions.createdAt),
        asc(surveyQuestions.id),
      ),
  ]);
  const targetRows =
    opts.includeBaselines && metricRows.length
      ? await db
          .select()
          .from(metricTargets)
          .where(
            and(
              eq(metricTargets.teamId, teamId),
              inArray(
                metricTargets.metricId,
                metricRows.map((m) => m.id),
              ),
            ),
          )
          .orderBy(asc(metricTargets.period))
      : [];

  const sorted = [...elementRows].sort(
    (a, b) => (KIND_ORDER.get(a.kind) ?? 9) - (KIND_ORDER.get(b.kind) ?? 9),
  );
  const refOf = new Map<string, string>();
  const indexOf = new Map(sorted.map((e, i) => [e.id, i]));
  const perKind = new Map<string, number>();
  for (const e of sorted) {
    const n = (perKind.get(e.kind) ?? 0) + 1;
    perKind.set(e.kind, n);
    refOf.set(e.id, `${e.kind}-${n}`);
  }
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const m = new Map<K, T[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  const questionsOf = group(questionRows, (q) => q.dataPointId);
  const dataPointsOf = group(dataPointRows, (d) => d.metricId);
  const targetsOf = group(targetRows, (t) => t.metricId);
  const metricsOf = group(metricRows, (m) => m.elementId);

  const metricTemplate = (m: (typeof metricRows)[number]): MetricTemplate => ({
    name: m.name,
    definition: m.definition,
    unit: m.unit,
    type: m.type as MetricTemplate['type'],
    direction: m.direction as MetricTemplate['direction'],
    period: m.period as MetricTemplate['period'],
    ...(m.fiscalStartMonth ? { fiscalStartMonth: m.fiscalStartMonth } : {}),
    ...(m.currency ? { currency: m.currency } : {}),
    ...(m.customPeriods.length ? { customPeriods: m.customPeriods.map((c) => ({ ...c })) } : {}),
    disaggregations: m.disaggregations.map((d) => ({
      key: d.key,
      label: d.label,
      categories: [...d.categories],
    })),
    standardRef: m.standardRef,
    formula: m.formula,
    ...(opts.includeBaselines
      ? {
          baselineValue: m.baselineValue,
          baselineDate: m.baselineDate,
          periodStart: m.periodStart,
          periodEnd: m.periodEnd,
        }
      : {}),
    targets: (targetsOf.get(m.id) ?? []).map((t) => ({ period: t.period, value: t.value })),
    dataPoints: (dataPointsOf.get(m.id) ?? []).map((d) => ({
      key: d.key,
      name: d.name,
      description: d.description,
      measurement: d.measurement as MetricTemplate['dataPoints'][number]['measurement'],
      aggregation: d.aggregation as MetricTemplate['dataPoints'][number]['aggregation'],
      starred: d.starred,
      ...(d.condition ? { condition: { ...d.condition } } : {}),
      ...(d.filter.length ? { filter: d.filter.map((f) => ({ ...f })) } : {}),
      questions: (questionsOf.get(d.id) ?? []).map((q) => ({
        text: q.text,
        helpText: q.helpText,
        answerType:
          q.answerType as MetricTemplate['dataPoints'][number]['questions'][number]['answerType'],
        choices: [...q.choices],
        required: q.required,
      })),
    })),
  });

  return {
    problem: {
      title: problem.title,
      statement: problem.statement,
      rootCauses: problem.rootCauses,
      populationWho: problem.populationWho,
      populationCount: problem.populationCount,
      geography: problem.geography,
      evidence: problem.evidence,
    },
    elements: sorted.map((e) => ({
      ref: refOf.get(e.id)!,
      kind: e.kind,
      horizon: e.kind === 'outcome' ? (e.horizon as ElementTemplate['horizon']) : null,
      title: e.title,
      description: e.description,
      assumptions: e.assumptions,
      risks: e.risks,
      metrics: (metricsOf.get(e.id) ?? []).map(metricTemplate),
    })),
    // links in element order (rows inserted together share a timestamp, so creation order is not kept)
    links: linkRows
      .filter((l) => refOf.has(l.fromId) && refOf.has(l.toId))
      .sort(
        (a, b) =>
          indexOf.get(a.fromId)! - indexOf.get(b.fromId)! ||
          indexOf.get(a.toId)! - indexOf.get(b.toId)!,
      )
      .map((l) => ({
        from: refOf.get(l.fromId)!,
        to: refOf.get(l.toId)!,
        assumptions: l.assumptions,
        ...(l.risks ? { risks: l.risks } : {}),
      })),
  };
}

/** Parse a template with its zod schema and the structural rules; field errors as a ValidationError. */
function validateProblemTemplate(input: unknown): ProblemTemplate {
  const template = parseInput(problemTemplateSchema, input);
  const errors = templateProblems(template);
  if (Object.keys(errors).length)
    throw new ValidationError(errors, 'The theory of change template is not valid.');
  return template;
}

function validateStrategyTemplate(input: unknown): StrategyTemplate {
  const template = parseInput(strategyTemplateSchema, input);
  const errors = templateProblems(template);
  if (Object.keys(errors).length)
    throw new ValidationError(errors, 'The strategy template is not valid.');
  return template;
}

/** Multi-row inserts in chunks that stay far below PostgreSQL's 65,535 bind parameters. */
async function insertAll(tx: Tx, table: PgTable, rows: Record<string, unknown>[], chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk)
    await tx.insert(table).values(rows.slice(i, i + chunk) as never);
}

interface TreeRows {
  elements: Record<string, unknown>[];
  links: Record<string, unknown>[];
  metrics: Record<string, unknown>[];
  targets: Record<string, unknown>[];
  dataPoints: Record<string, unknown>[];
  questions: Record<string, unknown>[];
  elementIds: string[];
}

/** New rows (fresh ids) for the elements, links and everything under the metrics of a template. */
function treeRows(
  teamId: string,
  problemId: string,
  template: Pick<ProblemTemplate, 'elements' | 'links'>,
  startPosition: Map<string, number>,
): TreeRows {
  const out: TreeRows = {
    elements: [],
    links: [],
    metrics: [],
    targets: [],
    dataPoints: [],
    questions: [],
    elementIds: [],
  };
  const idOf = new Map<string, string>();
  const position = new Map(startPosition);
  for (const e of template.elements) {
    const id = randomUUID();
    idOf.set(e.ref, id);
    out.elementIds.push(id);
    const pos = position.get(e.kind) ?? 0;
    position.set(e.kind, pos + 1);
    out.elements.push({
      id,
      teamId,
      problemId,
      kind: e.kind,
      horizon: e.kind === 'outcome' ? (e.horizon ?? null) : null,
      title: e.title,
      description: e.description ?? null,
      assumptions: e.assumptions ?? null,
      risks: e.risks ?? null,
      position: pos,
    });
    e.metrics.forEach((m, mi) => {
      const metricId = randomUUID();
      out.metrics.push({
        id: metricId,
        teamId,
        problemId,
        elementId: id,
        name: m.name,
        definition: m.definition ?? null,
        unit: m.unit ?? null,
        type: m.type,
        direction: m.direction,
        period: m.period,
        fiscalStartMonth: isFiscal(m.period) ? (m.fiscalStartMonth ?? null) : null,
        currency: m.currency ?? null,
        customPeriods: m.customPeriods ?? [],
        disaggregations: m.disaggregations,
        standardRef: m.standardRef ?? null,
        formula: m.formula ?? null,
        baselineValue: m.baselineValue ?? null,
        baselineDate: m.baselineDate ?? null,
        periodStart: m.periodStart ?? null,
        periodEnd: m.periodEnd ?? null,
        position: mi,
      });
      for (const t of m.targets)
        out.targets.push({ id: randomUUID(), teamId, metricId, period: t.period, value: t.value });
      m.dataPoints.forEach((d, di) => {
        const dataPointId = randomUUID();
        const questionIds = d.questions.map(() => randomUUID());
        const binding: DataPointBinding =
          d.measurement === 'survey_question' && questionIds[0]
            ? { kind: 'survey_question', questionId: questionIds[0] }
            : { kind: 'manual' };
        out.dataPoints.push({
          id: dataPointId,
          teamId,
          problemId,
          metricId,
          key: d.key,
          name: d.name,
          description: d.description ?? null,
          measurement: d.measurement,
          binding,
          aggregation: d.aggregation,
          starred: d.starred,
          condition: d.condition ?? null,
          filter: d.filter ?? [],
          position: di,
        });
        d.questions.forEach((q, qi) => {
          out.questions.push({
            id: questionIds[qi],
            teamId,
            problemId,
            dataPointId,
            text: q.text,
            helpText: q.helpText ?? null,
            answerType: q.answerType,
            choices: q.choices,
            required: q.required,
            position: qi,
          });
        });
      });
    });
  }
  for (const l of template.links) {
    out.links.push({
      id: randomUUID(),
      teamId,
      problemId,
      fromId: idOf.get(l.from)!,
      toId: idOf.get(l.to)!,
      assumptions: l.assumptions ?? null,
      risks: l.risks ?? null,
    });
  }
  return out;
}

async function insertTree(tx: Tx, rows: TreeRows) {
  // a fiscal metric without its own start month (a logframe, an older template) takes the team's
  const unsnapped = rows.metrics.filter(
    (m) => m.fiscalStartMonth === null && isFiscal(String(m.period)),
  );
  if (unsnapped.length) {
    const month = await teamFiscalStartMonth(tx, String(unsnapped[0].teamId));
    for (const m of unsnapped) m.fiscalStartMonth = month;
  }
  await insertAll(tx, tocElements, rows.elements);
  await insertAll(tx, tocLinks, rows.links);
  await insertAll(tx, metrics, rows.metrics);
  await insertAll(tx, metricTargets, rows.targets);
  await insertAll(tx, dataPoints, rows.dataPoints);
  await insertAll(tx, surveyQuestions, rows.questions);
}

export interface MaterializeProblemInput {
  teamId: string;
  projectId: string;
  userId: string | null;
  template: unknown;
  /** provenance: the shipped slug or team library item id it came from */
  libraryItemId?: string | null;
}

/**
 * A new, independent problem in the team's project from a template: every element, link, metric,
 * target, data point and survey question as new rows (a handful of multi-row inserts). Run it in
 * the caller's transaction. The project must belong to the team (404 otherwise).
 */
export async function materializeProblem(tx: Tx, input: MaterializeProblemInput): Promise<string> {
  const template = validateProblemTemplate(input.template);
  const project = await findProject(tx, input.teamId, input.projectId);
  const problemId = randomUUID();
  const p = template.problem;
  await tx.insert(problems).values({
    id: problemId,
    teamId: input.teamId,
    projectId: project.id,
    title: p.title,
    statement: p.statement ?? null,
    rootCauses: p.rootCauses ?? null,
    populationWho: p.populationWho ?? null,
    populationCount: p.populationCount ?? null,
    geography: p.geography ?? null,
    evidence: p.evidence ?? null,
    libraryItemId: input.libraryItemId ?? null,
    createdBy: input.userId,
  });
  await insertTree(tx, treeRows(input.teamId, problemId, template, new Map()));
  return problemId;
}

/**
 * A strategy's activities and outputs (with their metrics) added to an existing problem of the
 * team, after the elements it already has. Returns the new element ids in template order.
 */
export async function materializeStrategy(
  tx: Tx,
  input: { teamId: string; problemId: string; template: unknown },
): Promise<string[]> {
  const template = validateStrategyTemplate(input.template);
  const [problem] = await tx
    .select({ id: problems.id })
    .from(problems)
    .where(and(eq(problems.id, input.problemId), eq(problems.teamId, input.teamId)));
  if (!problem) throw notFound('Problem');
  const last = await tx
    .select({ kind: tocElements.kind, pos: max(tocElements.position) })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, input.teamId)))
    .groupBy(tocElements.kind);
  const start = new Map(last.map((r) => [r.kind, (r.pos ?? -1) + 1]));
  const rows = treeRows(input.teamId, problem.id, template, start);
  await insertTree(tx, rows);
  return rows.elementIds;
}
