import { ELEMENT_KIND_LABELS, type ElementKind } from '../../../shared/toc/vocabulary.js';
import { listPeriods, periodLabel } from '../../../shared/metrics/periods.js';
import type {
  DataPointRow,
  EntryRow,
  MetricRow,
  SurveyQuestionRow,
  TargetRow,
} from './metrics.queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** "Outcome metric", "Activity metric", ... */
export const metricKindLabel = (kind: ElementKind) =>
  `${ELEMENT_KIND_LABELS[kind] ?? 'Element'} metric`;

export function metricProps(m: MetricRow) {
  return {
    id: m.id,
    elementId: m.elementId,
    problemId: m.problemId,
    name: m.name,
    definition: m.definition,
    unit: m.unit,
    type: m.type,
    currency: m.currency,
    direction: m.direction,
    baselineValue: m.baselineValue,
    baselineDate: m.baselineDate,
    period: m.period,
    fiscalStartMonth: m.fiscalStartMonth,
    periodStart: m.periodStart,
    periodEnd: m.periodEnd,
    customPeriods: m.customPeriods,
    disaggregations: m.disaggregations,
    standardRef: m.standardRef,
    formula: m.formula,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}

export function dataPointProps(d: DataPointRow) {
  return {
    id: d.id,
    metricId: d.metricId,
    key: d.key,
    name: d.name,
    description: d.description,
    measurement: d.measurement,
    binding: d.binding,
    aggregation: d.aggregation,
    condition: d.condition ?? null,
    filter: d.filter,
    starred: d.starred,
    createdAt: iso(d.createdAt),
  };
}

export function questionProps(q: SurveyQuestionRow) {
  return {
    id: q.id,
    dataPointId: q.dataPointId,
    text: q.text,
    helpText: q.helpText,
    answerType: q.answerType,
    choices: q.choices,
    required: q.required,
    createdAt: iso(q.createdAt),
  };
}

export function entryProps(
  m: Pick<MetricRow, 'period' | 'customPeriods' | 'fiscalStartMonth'>,
  e: EntryRow,
  keyOf: Map<string, string>,
) {
  return {
    id: e.id,
    dataPointId: e.dataPointId,
    dataPointKey: keyOf.get(e.dataPointId) ?? null,
    period: e.period,
    periodLabel: periodLabel(m, e.period),
    disaggregation: e.disaggregation,
    value: e.value,
    note: e.note,
    enteredBy: e.enteredByName,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

export function periodsProps(m: MetricRow) {
  return listPeriods(m);
}

export function targetsProps(targets: readonly TargetRow[]) {
  return Object.fromEntries(targets.map((t) => [t.period, t.value]));
}
