import type {
  DataPointTemplate,
  ElementTemplate,
  MetricTemplate,
  SurveyQuestionTemplate,
} from '../../../../shared/toc/template.schemas.js';
import type {
  Aggregation,
  AnswerType,
  MetricDirection,
  MetricType,
  OutcomeHorizon,
  ReportingPeriod,
} from '../../../../shared/toc/vocabulary.js';

/**
 * Small builders that keep the shipped library readable: each fills the template defaults so an
 * entry only states what matters (names, definitions, keys, formulas, questions). Baselines and
 * targets are never set here: they are the user's to fill in.
 */

type Disaggregation = MetricTemplate['disaggregations'][number];

export const SEX: Disaggregation = { key: 'sex', label: 'Sex', categories: ['Female', 'Male'] };
export const LOCATION: Disaggregation = {
  key: 'location',
  label: 'Location',
  categories: ['Urban', 'Peri-urban', 'Rural'],
};
export const DISABILITY: Disaggregation = {
  key: 'disability',
  label: 'Disability status (Washington Group)',
  categories: ['With disability', 'Without disability'],
};
export const HOUSEHOLD_HEAD: Disaggregation = {
  key: 'household_head',
  label: 'Head of household',
  categories: ['Female-headed', 'Male-headed'],
};
export const age = (...categories: string[]): Disaggregation => ({
  key: 'age_group',
  label: 'Age group',
  categories,
});
export const dim = (key: string, label: string, ...categories: string[]): Disaggregation => ({
  key,
  label,
  categories,
});

export function q(
  text: string,
  answerType: AnswerType,
  opts: { choices?: string[]; helpText?: string; required?: boolean } = {},
): SurveyQuestionTemplate {
  return {
    text,
    helpText: opts.helpText ?? null,
    answerType,
    choices: opts.choices ?? [],
    required: opts.required ?? true,
  };
}

export const YES_NO_DK = ['Yes', 'No', "Don't know"];

export function dp(
  key: string,
  name: string,
  opts: {
    description?: string;
    aggregation?: Aggregation;
    starred?: boolean;
    questions?: SurveyQuestionTemplate[];
  } = {},
): DataPointTemplate {
  return {
    key,
    name,
    description: opts.description ?? null,
    measurement: 'manual',
    aggregation: opts.aggregation ?? 'sum',
    starred: opts.starred ?? false,
    questions: opts.questions ?? [],
  };
}

export function metric(m: {
  name: string;
  definition: string;
  unit: string;
  type: MetricType;
  direction?: MetricDirection;
  period?: ReportingPeriod;
  disaggregations?: Disaggregation[];
  standardRef?: string;
  formula?: string;
  dataPoints: DataPointTemplate[];
}): MetricTemplate {
  return {
    name: m.name,
    definition: m.definition,
    unit: m.unit,
    type: m.type,
    direction: m.direction ?? 'increase',
    period: m.period ?? 'quarterly',
    disaggregations: m.disaggregations ?? [],
    standardRef: m.standardRef ?? null,
    formula: m.formula ?? null,
    baselineValue: null,
    baselineDate: null,
    periodStart: null,
    periodEnd: null,
    targets: [],
    dataPoints: m.dataPoints,
  };
}

interface ElementOpts {
  description?: string;
  assumptions?: string;
  risks?: string;
  metrics?: MetricTemplate[];
}

function element(
  ref: string,
  kind: ElementTemplate['kind'],
  horizon: OutcomeHorizon | null,
  title: string,
  opts: ElementOpts,
): ElementTemplate {
  return {
    ref,
    kind,
    horizon,
    title,
    description: opts.description ?? null,
    assumptions: opts.assumptions ?? null,
    risks: opts.risks ?? null,
    metrics: opts.metrics ?? [],
  };
}

export const activity = (ref: string, title: string, opts: ElementOpts = {}) =>
  element(ref, 'activity', null, title, opts);
export const output = (ref: string, title: string, opts: ElementOpts = {}) =>
  element(ref, 'output', null, title, opts);
export const outcome = (
  ref: string,
  horizon: OutcomeHorizon,
  title: string,
  opts: ElementOpts = {},
) => element(ref, 'outcome', horizon, title, opts);
export const impact = (ref: string, title: string, opts: ElementOpts = {}) =>
  element(ref, 'impact', null, title, opts);

/** Links written as "from>to" pairs; an object form carries the link's assumptions. */
export function links(...pairs: Array<string | { link: string; assumptions: string }>) {
  return pairs.map((p) => {
    const [spec, assumptions] = typeof p === 'string' ? [p, null] : [p.link, p.assumptions];
    const [from, to] = spec.split('>');
    if (!from || !to) throw new Error(`Bad link "${spec}"`);
    return { from: from.trim(), to: to.trim(), assumptions };
  });
}

/** A percentage metric built from a numerator and a denominator data point. */
export const percentOf = (numerator: string, denominator: string) =>
  `percent(${numerator}, ${denominator})`;
