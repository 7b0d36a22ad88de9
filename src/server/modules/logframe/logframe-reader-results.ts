import type ExcelJS from 'exceljs';
import type {
  DataPointTemplate,
  ElementTemplate,
  MetricTemplate,
} from '../../../shared/toc/template.schemas.js';
import {
  AGGREGATIONS,
  DATA_POINT_MEASUREMENTS,
  METRIC_DIRECTIONS,
  METRIC_TYPE_LABELS,
  METRIC_TYPES,
  REPORTING_PERIODS,
} from '../../../shared/toc/vocabulary.js';
import {
  cellDate,
  cellNumber,
  cellText,
  dataRows,
  headerMap,
  normHeader,
  type ErrorList,
} from './logframe-cells.js';
import { templateCanLink } from '../libraries/index.js';
import {
  LOGFRAME_COLUMNS,
  parseDisaggregations,
  parseLevel,
  parseYesNo,
  SHEETS,
  type LogframeColumn,
} from './logframe-layout.js';

interface ParsedElement {
  element: ElementTemplate;
  row: number;
  metricRows: number[];
  /** per metric, the rows of its data points */
  dataPointRows: number[][];
}
interface ParsedMetric {
  metric: MetricTemplate;
  row: number;
  dataPointRows: number[];
  dataPoints: Map<string, DataPointTemplate>;
}
export interface ParsedLogframe {
  elements: ParsedElement[];
  links: Array<{ from: string; to: string }>;
  metrics: Map<string, ParsedMetric>;
  /** rows of the "Survey questions" sheet, by question object */
  questionRows: Map<object, number>;
}

const REF = /^[A-Za-z0-9_.-]{1,64}$/;
const KEY = /^[a-z][a-z0-9_]{0,62}$/;
const HEADER = Object.fromEntries(LOGFRAME_COLUMNS.map((c) => [c.key, c.header])) as Record<
  LogframeColumn,
  string
>;
const REQUIRED: LogframeColumn[] = ['level', 'ref', 'title'];

/** 'Yes / no', 'yes_no', 'Yes-No' -> 'yes_no' */
export function matchEnum<T extends string>(
  text: string,
  values: readonly T[],
  labels?: Record<T, string>,
): T | null {
  const n = (s: string) => s.toLowerCase().replace(/[\s/_-]+/g, '');
  const t = n(text);
  return values.find((v) => n(v) === t || (labels && n(labels[v]) === t)) ?? null;
}

export function readLogframeSheet(ws: ExcelJS.Worksheet, errors: ErrorList): ParsedLogframe {
  const S = SHEETS.logframe;
  const out: ParsedLogframe = {
    elements: [],
    links: [],
    metrics: new Map(),
    questionRows: new Map(),
  };
  const headers = headerMap(ws);
  const colOf = new Map<LogframeColumn, number>();
  for (const c of LOGFRAME_COLUMNS) {
    const n = headers.get(normHeader(c.header));
    if (n) colOf.set(c.key, n);
  }
  const missing = REQUIRED.filter((k) => !colOf.has(k));
  if (missing.length) {
    errors.add(
      S,
      1,
      null,
      `The header row has no ${missing.map((k) => `"${HEADER[k]}"`).join(', ')} column. Keep the header row of the exported file.`,
    );
    return out;
  }

  const refs = new Map<string, ParsedElement>();
  const contributes: Array<{ from: ParsedElement; text: string; row: number }> = [];
  let element: ParsedElement | null = null;
  let metric: ParsedMetric | null = null;

  for (const { row, r } of dataRows(ws)) {
    if (errors.full) break;
    const raw = (k: LogframeColumn) => (colOf.has(k) ? row.getCell(colOf.get(k)!).value : null);
    const txt = (k: LogframeColumn) => cellText(raw(k));
    const opt = (k: LogframeColumn) => txt(k) || null;
    const err = (k: LogframeColumn | null, message: string) =>
      errors.add(S, r, k ? HEADER[k] : null, message);
    if (LOGFRAME_COLUMNS.every((c) => txt(c.key) === '')) continue;

    const levelText = txt('level');
    const level = parseLevel(levelText);
    if (!levelText) {
      err(
        'level',
        'The level is empty (Impact, Outcome (long/medium/short term), Output, Activity, Metric or Data point).',
      );
      continue;
    }
    if (!level) {
      err(
        'level',
        `Unknown level "${levelText}". Use Impact, Outcome (long term), Outcome (medium term), Outcome (short term), Output, Activity, Metric or Data point.`,
      );
      continue;
    }

    if (level === 'metric') {
      metric = null;
      if (!element) {
        err('level', 'A metric row must come below the result it measures.');
        continue;
      }
      let ref = txt('metricRef');
      if (ref && !REF.test(ref))
        err('metricRef', 'Use letters, digits, dots, dashes or underscores (at most 64).');
      if (ref && out.metrics.has(ref)) err('metricRef', `The metric ref "${ref}" is used twice.`);
      if (!ref) ref = `row-${r}`;
      const name = txt('metric');
      if (!name) err('metric', 'The metric has no name.');
      const typeText = txt('type');
      const type = matchEnum(typeText, METRIC_TYPES, METRIC_TYPE_LABELS);
      if (!type)
        err(
          'type',
          typeText
            ? `Unknown type "${typeText}". Use one of: ${METRIC_TYPES.join(', ')}.`
            : `The type is empty. Use one of: ${METRIC_TYPES.join(', ')}.`,
        );
      const directionText = txt('direction');
      const direction = directionText ? matchEnum(directionText, METRIC_DIRECTIONS) : 'increase';
      if (!direction)
        err(
          'direction',
          `Unknown direction "${directionText}". Use one of: ${METRIC_DIRECTIONS.join(', ')}.`,
        );
      const periodText = txt('period');
      const period = periodText ? matchEnum(periodText, REPORTING_PERIODS) : 'quarterly';
      if (!period)
        err(
          'period',
          `Unknown period "${periodText}". Use one of: ${REPORTING_PERIODS.join(', ')}.`,
        );
      const baselineValue = cellNumber(raw('baselineValue'));
      if (Number.isNaN(baselineValue))
        err('baselineValue', `The baseline "${txt('baselineValue')}" is not a number.`);
      const dates = (['baselineDate', 'periodStart', 'periodEnd'] as const).map((k) => {
        const d = cellDate(raw(k));
        if (d === undefined) err(k, `"${txt(k)}" is not a date (YYYY-MM-DD).`);
        return d ?? null;
      });
      const disText = txt('disaggregations');
      const disaggregations = disText ? parseDisaggregations(disText) : [];
      if (typeof disaggregations === 'string') err('disaggregations', disaggregations);
      const m: MetricTemplate = {
        name,
        definition: opt('definition'),
        unit: opt('unit'),
        type: type ?? 'count',
        direction: direction ?? 'increase',
        period: period ?? 'quarterly',
        disaggregations: typeof disaggregations === 'string' ? [] : disaggregations,
        standardRef: opt('standardRef'),
        formula: opt('formula'),
        baselineValue: Number.isNaN(baselineValue) ? null : baselineValue,
        baselineDate: dates[0],
        periodStart: dates[1],
        periodEnd: dates[2],
        targets: [],
        dataPoints: [],
      };
      element.element.metrics.push(m);
      element.metricRows.push(r);
      const dataPointRows: number[] = [];
      element.dataPointRows.push(dataPointRows);
      metric = { metric: m, row: r, dataPointRows, dataPoints: new Map() };
      if (!out.metrics.has(ref)) out.metrics.set(ref, metric);
      continue;
    }

    if (level === 'dataPoint') {
      if (!metric) {
        err('level', 'A data point row must come below its metric.');
        continue;
      }
      const ref = txt('metricRef');
      if (ref && out.metrics.get(ref) !== metric)
        err('metricRef', `This data point names metric "${ref}" but sits below another metric.`);
      const key = txt('dpKey');
      if (!KEY.test(key))
        err(
          'dpKey',
          key
            ? `The key "${key}" must use lower-case letters, digits and underscores, starting with a letter.`
            : 'The data point has no key.',
        );
      else if (metric.dataPoints.has(key))
        err('dpKey', `The key "${key}" is used twice in this metric.`);
      const name = txt('dpName');
      if (!name) err('dpName', 'The data point has no name.');
      const measurementText = txt('measurement');
      const measurement = measurementText
        ? matchEnum(measurementText, DATA_POINT_MEASUREMENTS)
        : 'manual';
      if (!measurement)
        err(
          'measurement',
          `Unknown measurement "${measurementText}". Use one of: ${DATA_POINT_MEASUREMENTS.join(', ')}.`,
        );
      const aggregationText = txt('aggregation');
      const aggregation = aggregationText ? matchEnum(aggregationText, AGGREGATIONS) : 'sum';
      if (!aggregation)
        err(
          'aggregation',
          `Unknown aggregation "${aggregationText}". Use one of: ${AGGREGATIONS.join(', ')}.`,
        );
      const starred = parseYesNo(txt('starred'));
      if (starred === null) err('starred', 'Use Yes or No.');
      const dp: DataPointTemplate = {
        key,
        name,
        description: opt('dpDescription'),
        measurement: measurement ?? 'manual',
        aggregation: aggregation ?? 'sum',
        starred: !!starred,
        questions: [],
      };
      metric.metric.dataPoints.push(dp);
      metric.dataPointRows.push(r);
      if (!metric.dataPoints.has(key)) metric.dataPoints.set(key, dp);
      continue;
    }

    // a result (element)
    metric = null;
    const ref = txt('ref');
    const title = txt('title');
    if (!ref) err('ref', 'The result has no ref (e.g. A1, O2).');
    else if (!REF.test(ref))
      err(
        'ref',
        `The ref "${ref}" may use letters, digits, dots, dashes and underscores only (at most 64).`,
      );
    else if (refs.has(ref))
      err('ref', `The ref "${ref}" is used twice (also on row ${refs.get(ref)!.row}).`);
    if (!title) err('title', 'The result has no title.');
    const parsed: ParsedElement = {
      element: {
        ref,
        kind: level.kind,
        horizon: level.horizon,
        title,
        description: opt('description'),
        assumptions: opt('assumptions'),
        risks: opt('risks'),
        metrics: [],
      },
      row: r,
      metricRows: [],
      dataPointRows: [],
    };
    out.elements.push(parsed);
    element = parsed;
    if (ref && !refs.has(ref)) refs.set(ref, parsed);
    const to = txt('contributesTo');
    if (to) contributes.push({ from: parsed, text: to, row: r });
  }

  readLinks(contributes, refs, out, errors);
  return out;
}

function readLinks(
  contributes: Array<{ from: ParsedElement; text: string; row: number }>,
  refs: Map<string, ParsedElement>,
  out: ParsedLogframe,
  errors: ErrorList,
) {
  const S = SHEETS.logframe;
  const col = HEADER.contributesTo;
  const seen = new Set<string>();
  for (const { from, text, row } of contributes) {
    for (const to of text
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const target = refs.get(to);
      const f = from.element;
      if (!target) errors.add(S, row, col, `"${to}" is not the ref of any result in this sheet.`);
      else if (target === from)
        errors.add(S, row, col, `A result cannot contribute to itself ("${to}").`);
      else if (!templateCanLink(f.kind, target.element.kind))
        errors.add(
          S,
          row,
          col,
          `A ${f.kind} cannot contribute to ${target.element.kind === 'impact' || target.element.kind === 'outcome' ? 'an' : 'a'} ${target.element.kind} ("${to}"). Links go activity -> output -> outcome -> outcome or impact.`,
        );
      else if (!seen.has(`${f.ref}\u0000${to}`)) {
        seen.add(`${f.ref}\u0000${to}`);
        out.links.push({ from: f.ref, to });
      }
    }
  }
  const cycle = findCycle(out.links);
  if (cycle)
    errors.add(
      S,
      refs.get(cycle[0])?.row ?? null,
      col,
      `The links go round in a circle: ${[...cycle, cycle[0]].join(' -> ')}.`,
    );
}

/** The refs of one cycle in the links, or null. */
function findCycle(links: Array<{ from: string; to: string }>): string[] | null {
  const next = new Map<string, string[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 1);
    stack.push(n);
    for (const m of next.get(n) ?? []) {
      if (state.get(m) === 1) return stack.slice(stack.indexOf(m));
      if (!state.has(m)) {
        const c = visit(m);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of next.keys()) {
    if (!state.has(n)) {
      const c = visit(n);
      if (c) return c;
    }
  }
  return null;
}
