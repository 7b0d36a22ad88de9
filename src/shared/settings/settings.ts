/**
 * Team settings (modules/settings): the capabilities a team switches on or off, and the sections of
 * the settings pages. Zod-free: the app layout reads FEATURES to hide menu entries.
 */
import { FORM_LANGUAGES } from '../forms/questions.js';

export const FEATURES = [
  'community',
  'database_sources',
  'public_forms',
  'intelligent_columns',
  'assistant',
] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABELS: Record<Feature, { label: string; description: string }> = {
  community: {
    label: 'Community',
    description: 'Communities of practice: the feed, threads and replies.',
  },
  database_sources: {
    label: 'Database sources',
    description: 'Import data from external PostgreSQL and MySQL databases.',
  },
  public_forms: {
    label: 'Public forms',
    description:
      'Forms answered through their public links. When off, every form of the team refuses new responses.',
  },
  intelligent_columns: {
    label: 'Intelligent columns',
    description: 'Qualitative coding of open answers with AI models.',
  },
  assistant: {
    label: 'Assistant',
    description: 'The Chanakya assistant, answering questions about your data.',
  },
};

/** A new team has every capability on. */
export const DEFAULT_FEATURES: Record<Feature, boolean> = {
  community: true,
  database_sources: true,
  public_forms: true,
  intelligent_columns: true,
  assistant: true,
};

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The languages a team may choose as its default: the form languages (new forms start in it). */
export const LANGUAGES = FORM_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));

/** The sections of the settings pages (settings/index lists them, each is its own page). */
export const SETTINGS_SECTIONS = [
  {
    key: 'general',
    route: 'settings.show',
    title: 'General',
    description: 'Default language, timezone, reporting periods and data retention.',
  },
  {
    key: 'features',
    route: 'settings.features',
    title: 'Team feature settings',
    description: 'Turn capabilities on or off for everyone in the team.',
  },
  {
    key: 'limits',
    route: 'settings.limits',
    title: 'Request review limit',
    description: 'Monthly limits of AI model requests and public responses, with current usage.',
  },
  {
    key: 'video',
    route: 'settings.video',
    title: 'Video text',
    description: 'The onboarding video, its transcript and captions, shown on the dashboard.',
  },
  {
    key: 'export',
    route: 'settings.exports',
    title: 'Export all data',
    description: 'A zip of CSV files, one per table the team owns, with a JSON manifest.',
  },
] as const;

/** How long an export's download stays available. */
export const EXPORT_TTL_HOURS = 72;
