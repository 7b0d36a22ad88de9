import type { DatasetListItem } from '../datasets/datasets.pages.js';
import type {
  ElementKind,
  ElementStatus,
  OutcomeHorizon,
  ProblemStatus,
  Aggregation,
  AnswerType,
  DataPointMeasurement,
  MetricDirection,
  MetricType,
  ProjectStatus,
  ReportingPeriod,
} from '../toc/vocabulary.js';
import type { FullViewTab } from './problems.js';
import type { ProblemIntegrations } from '../connectors/connectors.pages.js';
import type { InsightsData } from '../insights/insights.js';
import type { LearningsTab } from '../learnings/learnings.js';

/** What goes with a deleted element or problem (shown before the user confirms). */
export interface Consequences {
  elements: number;
  links: number;
  metrics: number;
  dataPoints: number;
  surveyQuestions: number;
  values: number;
}

/** Page props of the problem and element screens (server props.ts builds them, pages read them). */

export interface ProblemHeader {
  id: string;
  title: string;
  statement: string | null;
  rootCauses: string | null;
  populationWho: string | null;
  populationCount: number | null;
  geography: string | null;
  evidence: string | null;
  status: ProblemStatus;
  libraryItemId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectRefProps {
  id: string;
  name: string;
  status: ProjectStatus;
  archived: boolean;
}

export interface ElementRef {
  id: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  title: string;
  status: ElementStatus;
}

export interface ElementListRow extends ElementRef {
  description: string | null;
  assumptions: string | null;
  risks: string | null;
  ownerId: string | null;
  ownerName: string | null;
  startDate: string | null;
  endDate: string | null;
  position: number;
  metricCount: number;
  /** the elements that lead to this one */
  from: ElementRef[];
  /** the elements this one leads to */
  to: ElementRef[];
}

export interface ElementCounts {
  activity: number;
  output: number;
  outcome: number;
  outcomeShort: number;
  outcomeMedium: number;
  outcomeLong: number;
  impact: number;
  links: number;
  metrics: number;
  dataPoints: number;
  surveyQuestions: number;
}

export interface ChainColumn {
  level: string;
  label: string;
  total: number;
  items: ElementRef[];
}

export interface MetricListRow {
  id: string;
  name: string;
  unit: string | null;
  type: MetricType;
  period: ReportingPeriod;
  baselineValue: number | null;
  standardRef: string | null;
  dataPointCount: number;
  element: ElementRef;
}

export interface DataPointListRow {
  id: string;
  key: string;
  name: string;
  measurement: DataPointMeasurement;
  aggregation: Aggregation;
  starred: boolean;
  questionCount: number;
  metric: { id: string; name: string };
  element: ElementRef;
}

export interface SurveyQuestionListRow {
  id: string;
  text: string;
  answerType: AnswerType;
  required: boolean;
  choices: string[];
  dataPoint: { id: string; name: string };
  metric: { id: string; name: string };
  element: ElementRef;
}

export interface OutcomeOutputs {
  outcome: ElementRef;
  outputs: ElementRef[];
}

export interface MemberOption {
  id: string;
  name: string;
  email: string;
}

export interface FullViewProps {
  problem: ProblemHeader;
  project: ProjectRefProps;
  counts: ElementCounts;
  tab: FullViewTab;
  sub: string | null;
  /** overview tab */
  chain?: ChainColumn[];
  /** activities / outputs / outcomes tabs (outcomes: filtered by sub) */
  elements?: ElementListRow[];
  /** outcomes tab: each outcome with the outputs that feed it */
  outcomeOutputs?: OutcomeOutputs[];
  metrics?: MetricListRow[];
  dataPoints?: DataPointListRow[];
  surveyQuestions?: SurveyQuestionListRow[];
  /** list tabs (owner picker of the element forms) */
  members?: MemberOption[];
  /** insights tab: every metric's actual against baseline and target per period, statuses, roll-up (the insights module) */
  insights?: InsightsData;
  /** learnings tab: learnings and learning questions (the learnings module) */
  learnings?: LearningsTab;
  /** integrations tab: the project's connector and database imports (the connectors module) */
  integrations?: ProblemIntegrations;
  /** sources tab: the project's datasets (from the sources module) */
  sources?: DatasetListItem[];
  /** asked for by a partial reload when the delete dialog opens */
  deletion?: Consequences;
}

export interface ProblemCreateProps {
  project: ProjectRefProps;
  statuses: ProblemStatus[];
}

export interface ProblemEditProps extends ProblemCreateProps {
  problem: ProblemHeader;
}

export interface ElementLinkView extends ElementRef {
  linkId: string;
  assumptions: string | null;
  risks: string | null;
}

interface ElementMetricRow {
  id: string;
  name: string;
  definition: string | null;
  unit: string | null;
  type: MetricType;
  direction: MetricDirection;
  period: ReportingPeriod;
  baselineValue: number | null;
  baselineDate: string | null;
  standardRef: string | null;
  dataPointCount: number;
}

export interface ElementPageProps {
  problem: ProblemHeader;
  project: ProjectRefProps;
  element: Omit<ElementListRow, 'metricCount' | 'from' | 'to'> & {
    createdAt: string;
    updatedAt: string;
  };
  /** links from elements that lead here */
  incoming: ElementLinkView[];
  /** links to the elements this one leads to */
  outgoing: ElementLinkView[];
  metrics: ElementMetricRow[];
  consequences: Consequences;
  members: MemberOption[];
  childKinds: ElementKind[];
  candidates: { parents: ElementRef[]; children: ElementRef[] };
}
