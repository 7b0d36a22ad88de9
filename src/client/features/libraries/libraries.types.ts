import type { LibraryKind } from '@shared/libraries/sectors';
import type { ElementKind, OutcomeHorizon } from '@shared/toc/vocabulary';

export type ElementCounts = Record<ElementKind, number>;

/** A library entry as the list shows it (server: libraries.queries.ts LibraryCard). */
export interface LibraryCardView {
  id: string;
  source: 'shipped' | 'team';
  kind: LibraryKind;
  sector: string;
  sectorLabel: string;
  title: string;
  summary: string | null;
  counts: ElementCounts;
  metricCount: number;
  createdAt: string | null;
  createdBy: string | null;
}

export interface TemplateMetricView {
  name: string;
  definition?: string | null;
  unit?: string | null;
  type: string;
  direction?: string;
  period?: string;
  standardRef?: string | null;
  formula?: string | null;
  disaggregations?: Array<{ key: string; label: string; categories: string[] }>;
  dataPoints?: Array<{ key: string; name: string; questions?: Array<{ text: string }> }>;
}

export interface TemplateElementView {
  ref: string;
  kind: ElementKind;
  horizon?: OutcomeHorizon | null;
  title: string;
  description?: string | null;
  assumptions?: string | null;
  risks?: string | null;
  metrics?: TemplateMetricView[];
}

export interface TemplateView {
  problem?: { title: string; statement?: string | null; rootCauses?: string | null; populationWho?: string | null; populationCount?: number | null; geography?: string | null; evidence?: string | null };
  elements: TemplateElementView[];
  links?: Array<{ from: string; to: string; assumptions?: string | null }>;
}

export interface LibraryItemView extends LibraryCardView {
  template: TemplateView;
}

export interface ProjectOption {
  id: string;
  name: string;
}
export interface ProblemOption {
  id: string;
  title: string;
  projectName: string;
}
