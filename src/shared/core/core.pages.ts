import type { ActivityItem } from '../projects/projects.pages.js';
import type { KeyMetric } from '../metrics/metrics.pages.js';
import type { VideoEmbed } from '../settings/video.js';

/** Props of the dashboard and the error page (modules/core, platform/http/errors-handler.ts). */

/** One getting-started step, computed for the signed-in user and their team. */
export interface GettingStartedItem {
  key: string;
  title: string;
  description: string;
  done: boolean;
  href: string | null;
}

/** One step of setting up the team's work, done when the team's data shows it (not per user). */
export interface TeamSetupStep {
  key: string;
  title: string;
  description: string;
  done: boolean;
  href: string | null;
}

/** What the dashboard's variants show besides the activity and the user's steps (modules provide it). */
export interface DashboardSections {
  /** getting started: the team has no data yet (no metric, response nor source); else working */
  variant: 'getting-started' | 'working';
  setup: TeamSetupStep[];
  /** the team's onboarding video (settings, video text) */
  video: {
    url: string;
    embed: VideoEmbed | null;
    transcript: string | null;
    captions: string | null;
  } | null;
  keyMetrics: KeyMetric[];
  /** live public responses: all, and per day over the last 30 days (the team's timezone, oldest first) */
  responses: { total: number; last30: Array<{ day: string; count: number }> };
  /** background jobs of the team still queued or running */
  jobs: Array<{ id: string; label: string; status: 'queued' | 'running'; href: string | null }>;
  /** responses (not deleted) with an open data-quality flag: all, and the forms holding most */
  qualityFlags: {
    responses: number;
    forms: Array<{ id: string; name: string; responses: number; href: string }>;
  };
  /** learnings not done whose action is due within a week or overdue, soonest first */
  learningsDue: Array<{
    id: string;
    summary: string;
    action: string | null;
    /** YYYY-MM-DD */
    due: string;
    /** days until due in the team's timezone (negative: overdue) */
    inDays: number;
    owner: string | null;
    problem: string;
    href: string;
  }>;
}

export interface DashboardProps extends DashboardSections {
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
