import type { Diagram } from '../toc/diagram.js';
import type {
  Aggregation,
  DataPointMeasurement,
  ElementKind,
  ElementStatus,
  MetricDirection,
  MetricType,
  OutcomeHorizon,
  ProblemStatus,
  ReportingPeriod,
} from '../toc/vocabulary.js';

/** Props of the diagram and table views of a problem (modules/problems/diagram.props.ts, table-view.props.ts). */

/** The problem as the diagram and table views' header shows it. */
export interface ProblemViewHeader {
  id: string;
  title: string;
  status: ProblemStatus;
  project: { id: string; name: string; archived: boolean };
}

export interface ElementRow {
  id: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  title: string;
  status: ElementStatus;
  owner: string | null;
  startDate: string | null;
  endDate: string | null;
  position: number;
  metricsCount: number;
  feedsInto: string[];
  fedByCount: number;
}
export interface MetricRow {
  id: string;
  name: string;
  elementId: string;
  elementTitle: string;
  elementKind: string;
  type: MetricType;
  unit: string | null;
  direction: MetricDirection;
  baselineValue: number | null;
  baselineDate: string | null;
  period: ReportingPeriod;
  standardRef: string | null;
  dataPointsCount: number;
}
export interface DataPointRow {
  id: string;
  key: string;
  name: string;
  metricId: string;
  metricName: string;
  elementTitle: string;
  measurement: DataPointMeasurement;
  aggregation: Aggregation;
  starred: boolean;
  questionsCount: number;
}

export interface DiagramViewProps {
  problem: ProblemViewHeader;
  diagram: Diagram;
}

export interface TableViewProps {
  problem: ProblemViewHeader;
  elements: ElementRow[];
  metrics: MetricRow[];
  dataPoints: DataPointRow[];
}
