import type { Diagram } from '../toc/diagram.js';

/** Props of the diagram and table views of a problem (modules/problems/diagram.props.ts, table-view.props.ts). */

/** The problem as the diagram and table views' header shows it. */
export interface ProblemViewHeader {
  id: string;
  title: string;
  status: string;
  project: { id: string; name: string; archived: boolean };
}

export interface ElementRow {
  id: string;
  kind: string;
  horizon: string | null;
  title: string;
  status: string;
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
  type: string;
  unit: string | null;
  direction: string;
  baselineValue: number | null;
  baselineDate: string | null;
  period: string;
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
  measurement: string;
  aggregation: string;
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
