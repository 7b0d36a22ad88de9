import { and, count, eq, inArray, or } from 'drizzle-orm';
import { dataPoints, metrics, metricValues, surveyQuestions } from '../metrics/read-model.js';
import { tocElements, tocLinks } from './problems.tables.js';
import type { Queryable } from './problems.queries.js';
import type { Consequences } from '../../../shared/problems/problems.types.js';
export type { Consequences } from '../../../shared/problems/problems.types.js';

const n = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);

/** Deleting an element removes its links, its metrics and everything under them. Fixed number of queries. */
export async function elementConsequences(
  db: Queryable,
  teamId: string,
  elementId: string,
): Promise<Consequences> {
  const metricIds = db
    .select({ id: metrics.id })
    .from(metrics)
    .where(and(eq(metrics.elementId, elementId), eq(metrics.teamId, teamId)));
  const [links, m, dp, sq, v] = await Promise.all([
    db
      .select({ n: count() })
      .from(tocLinks)
      .where(
        and(
          eq(tocLinks.teamId, teamId),
          or(eq(tocLinks.fromId, elementId), eq(tocLinks.toId, elementId)),
        ),
      ),
    db
      .select({ n: count() })
      .from(metrics)
      .where(and(eq(metrics.elementId, elementId), eq(metrics.teamId, teamId))),
    db.select({ n: count() }).from(dataPoints).where(inArray(dataPoints.metricId, metricIds)),
    db
      .select({ n: count() })
      .from(surveyQuestions)
      .where(
        inArray(
          surveyQuestions.dataPointId,
          db
            .select({ id: dataPoints.id })
            .from(dataPoints)
            .where(inArray(dataPoints.metricId, metricIds)),
        ),
      ),
    db.select({ n: count() }).from(metricValues).where(inArray(metricValues.metricId, metricIds)),
  ]);
  return {
    elements: 1,
    links: n(links),
    metrics: n(m),
    dataPoints: n(dp),
    surveyQuestions: n(sq),
    values: n(v),
  };
}

/** Deleting a problem removes its whole theory of change. */
export async function problemConsequences(
  db: Queryable,
  teamId: string,
  problemId: string,
): Promise<Consequences> {
  const [el, links, m, dp, sq, v] = await Promise.all([
    db
      .select({ n: count() })
      .from(tocElements)
      .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId))),
    db
      .select({ n: count() })
      .from(tocLinks)
      .where(and(eq(tocLinks.problemId, problemId), eq(tocLinks.teamId, teamId))),
    db
      .select({ n: count() })
      .from(metrics)
      .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId))),
    db
      .select({ n: count() })
      .from(dataPoints)
      .where(and(eq(dataPoints.problemId, problemId), eq(dataPoints.teamId, teamId))),
    db
      .select({ n: count() })
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.problemId, problemId), eq(surveyQuestions.teamId, teamId))),
    db
      .select({ n: count() })
      .from(metricValues)
      .where(
        inArray(
          metricValues.metricId,
          db
            .select({ id: metrics.id })
            .from(metrics)
            .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId))),
        ),
      ),
  ]);
  return {
    elements: n(el),
    links: n(links),
    metrics: n(m),
    dataPoints: n(dp),
    surveyQuestions: n(sq),
    values: n(v),
  };
}

/** "3 metrics, 5 data points and 12 values" */
export function describeConsequences(c: Consequences, withElements = false): string {
  const parts: string[] = [];
  const add = (k: number, one: string, many: string) =>
    k > 0 && parts.push(`${k} ${k === 1 ? one : many}`);
  if (withElements) add(c.elements, 'element', 'elements');
  add(c.links, 'link', 'links');
  add(c.metrics, 'metric', 'metrics');
  add(c.dataPoints, 'data point', 'data points');
  add(c.surveyQuestions, 'survey question', 'survey questions');
  add(c.values, 'recorded value', 'recorded values');
  if (!parts.length) return 'nothing else';
  return parts.length === 1
    ? parts[0]
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
