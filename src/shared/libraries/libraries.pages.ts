import type { LibraryKind } from './sectors.js';
import type { ElementKind, MetricType, OutcomeHorizon } from '../toc/vocabulary.js';

/** Props of the library pages (modules/libraries: libraries.queries.ts builds the cards and items). */

export type ElementCounts = Record<ElementKind, number>;

/** A library entry as a card: shipped (id = slug) or the team's own (id = uuid). */
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
  type: MetricType;
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
  problem?: {
    title: string;
    statement?: string | null;
    rootCauses?: string | null;
    populationWho?: string | null;
    populationCount?: number | null;
    geography?: string | null;
    evidence?: string | null;
  };
  elements: TemplateElementView[];
  links?: Array<{ from: string; to: string; assumptions?: string | null }>;
}

interface LibraryItemView extends LibraryCardView {
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

export interface LibrariesIndexProps {
  filter: { kind: LibraryKind | null; sector: string | null; q: string };
  shipped: LibraryCardView[];
  team: LibraryCardView[];
  sectors: Array<{ value: string; label: string }>;
  kinds: LibraryKind[];
  problems: ProblemOption[];
  can: { save: boolean };
}

export interface LibraryShowProps {
  item: LibraryItemView;
  projects: ProjectOption[];
  problems: ProblemOption[];
  can: { copy: boolean; delete: boolean };
}
