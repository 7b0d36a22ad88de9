import type { TablePage } from '../table/table-query.js';
import type { KeyMetric } from '../metrics/metrics.pages.js';
import type {
  DeletionImpact,
  ProjectFilter,
  ProjectListRow,
  ProjectView,
} from './projects.schemas.js';
import type { ProblemStatus } from '../toc/vocabulary.js';

/** Props of the project pages (built by modules/projects/projects.props.ts). */

export interface ProblemCardData {
  id: string;
  title: string;
  statement: string | null;
  status: ProblemStatus;
  updatedAt: string;
  counts: { activity: number; output: number; outcome: number; impact: number; metrics: number };
}

/**
 * One line of an activity feed: the audit entry as the sentence the logs page shows
 * (`auditSentence`, e.g. "Ada Lovelace added the metric “Girls enrolled”").
 */
export interface ActivityItem {
  id: string;
  action: string;
  sentence: string;
  actorName: string | null;
  subjectType: string | null;
  subjectLabel: string | null;
  createdAt: string;
}

export interface ProjectsIndexProps {
  projects: TablePage<ProjectListRow>;
  status: ProjectFilter;
  counts: { active: number; archived: number };
  can: { create: boolean };
}

/** What other modules add to the project page (see projectShowProps in modules/projects). */
export interface ProjectShowExtras {
  /** from the metrics module */
  keyMetrics?: KeyMetric[];
}

export interface ProjectShowProps extends ProjectShowExtras {
  project: ProjectView;
  problems: ProblemCardData[];
  activity: ActivityItem[];
  counts: DeletionImpact;
  deletionImpact: DeletionImpact;
  can: { update: boolean; delete: boolean; create: boolean };
}

export interface ProjectEditProps {
  project: ProjectView;
}
