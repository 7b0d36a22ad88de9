import type { Feature } from './settings.js';
import type { ExportStatus } from './export-status.js';

/** Props of the settings pages (modules/settings). */
export interface TeamSettingsView {
  language: string;
  timezone: string;
  /** 1 = January */
  fiscalYearStartMonth: number;
  retentionDays: number;
  features: Record<Feature, boolean>;
  aiMonthlyLimit: number | null;
  publicResponsesMonthlyLimit: number | null;
  videoUrl: string | null;
  videoTranscript: string | null;
  videoCaptions: string | null;
}

export interface SettingsIndexProps {
  settings: TeamSettingsView;
  lastExport: ExportView | null;
}

export interface SettingsShowProps {
  settings: Pick<
    TeamSettingsView,
    'language' | 'timezone' | 'fiscalYearStartMonth' | 'retentionDays'
  >;
}

export interface FeatureSettingsProps {
  features: Record<Feature, boolean>;
}

export interface FormUsage {
  formId: string;
  formName: string;
  projectId: string;
  projectName: string;
  /** live public responses received this month */
  count: number;
}

export interface RequestReviewLimitProps {
  limits: Pick<TeamSettingsView, 'aiMonthlyLimit' | 'publicResponsesMonthlyLimit'>;
  /** 'YYYY-MM' of the month counted (UTC) */
  month: string;
  /** AI model requests made this month: none yet (the AI features are not built) */
  aiRequests: number;
  forms: FormUsage[];
}

export interface VideoTextProps {
  video: Pick<TeamSettingsView, 'videoUrl' | 'videoTranscript' | 'videoCaptions'>;
}

export interface ExportView {
  id: string;
  status: ExportStatus;
  progress: { table: string; done: number; total: number } | null;
  requestedBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  byteSize: number | null;
  counts: Record<string, number> | null;
  failure: string | null;
  /** the download link while the file exists and has not expired */
  downloadHref: string | null;
}

export interface SettingsExportsProps {
  exports: ExportView[];
}
