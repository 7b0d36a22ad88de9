import type { ActivityItem } from '../projects/projects.pages.js';

/** Props of the dashboard and the error page (modules/core, platform/http/errors-handler.ts). */

/** One getting-started step, computed for the signed-in user and their team. */
export interface GettingStartedItem {
  key: string;
  title: string;
  description: string;
  done: boolean;
  href: string | null;
}

export interface DashboardProps {
  activity: Array<Omit<ActivityItem, 'subjectType'>>;
  steps: GettingStartedItem[];
  /** the user has been here before (else this is their first visit) */
  returning?: boolean;
}

export interface ErrorPageProps {
  status: number;
  title: string;
  message: string;
  /** shown for 5xx so a report can quote it */
  requestId: string | null;
}
