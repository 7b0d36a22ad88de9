import type { DataPointView, MetricView, Trail } from './metrics.pages.js';

/**
 * Data point bindings as the pages show them (docs/architecture.md, "Data point bindings"):
 * zod-free, so the pages import it without zod.
 */
type BindingStatus = 'manual' | 'ok' | 'waiting' | 'broken';
export interface BindingState {
  status: BindingStatus;
  /** why no figure can be computed (waiting, broken); '' otherwise */
  message: string;
}

/** What a question or column holds, as the binding form needs to know. */
export type BindingFieldKind =
  'number' | 'text' | 'boolean' | 'date' | 'datetime' | 'multi' | 'other';
export interface BindingFieldOption {
  key: string;
  label: string;
  kind: BindingFieldKind;
  /** a choice question's choices (the filter's value pickers) */
  choices?: Array<{ value: string; label: string }>;
}

/** A survey question of the data point that forms ask: bindable. */
export interface BindableSurveyQuestion {
  /** the survey question's id (what the binding stores) */
  id: string;
  text: string;
  /** "Baseline survey › q_income" for each asking form */
  askedIn: Array<{ formId: string; formName: string; questionKey: string; questionLabel: string }>;
  kind: BindingFieldKind;
  /** every question of those forms (every version), for the period, categories and filter */
  fields: BindingFieldOption[];
}
export interface BindableDataset {
  id: string;
  name: string;
  columns: BindingFieldOption[];
}

export interface BindingPanel {
  state: BindingState;
  /** one sentence on where the values come from */
  summary: string;
  surveyQuestions: BindableSurveyQuestion[];
  datasets: BindableDataset[];
  dimensions: Array<{ key: string; label: string; categories: string[] }>;
  /** the data point's survey questions no form asks yet (to say how to make them bindable) */
  unaskedQuestions: number;
}

/** One row behind a computed figure (a response, or a dataset row). */
export interface BoundRowView {
  row: number;
  value: string | number | boolean | string[] | null;
  categories: Record<string, string | null>;
  response: {
    id: string;
    formId: string;
    formName: string;
    submittedAt: string;
    wave: string | null;
    stakeholder: { id: string; name: string; code: string } | null;
  } | null;
}

/** One row filter on the drill-down page: its query parameter, value and what it reads as. */
export interface RowFilterChip {
  name: 'wave' | 'form' | 'source' | 'site';
  value: string;
  label: string;
}

export interface DataPointRowsProps {
  dataPoint: DataPointView;
  metric: MetricView;
  trail: Trail;
  period: { key: string; label: string };
  category: { dimension: string; dimensionLabel: string; category: string } | null;
  origin: 'form' | 'dataset';
  /** the form(s) or dataset the rows come from */
  sourceName: string;
  datasetId: string | null;
  valueLabel: string;
  /** the data point's figure over these rows (before the metric's formula) */
  figure: number | null;
  state: BindingState;
  /** the insights' row filters the rows are narrowed by (wave, form, source, site) */
  filters: RowFilterChip[];
  /** the filters leave this data point out (another form's or dataset's, no site dimension) */
  filteredOut: boolean;
  rows: BoundRowView[];
  total: number;
  page: number;
  perPage: number;
}
