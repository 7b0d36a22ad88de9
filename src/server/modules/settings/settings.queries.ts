import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { TeamSwitches } from '../../platform/features/index.js';
import { DEFAULT_FEATURES, FEATURES, type Feature } from '../../../shared/settings/settings.js';
import type { TeamSettingsView } from '../../../shared/settings/settings.pages.js';
import { teamSettings } from './settings.tables.js';

const DEFAULT_SETTINGS = {
  language: 'en',
  timezone: 'UTC',
  fiscalYearStartMonth: 1,
  retentionDays: 30,
  aiMonthlyLimit: null,
  publicResponsesMonthlyLimit: null,
  videoUrl: null,
  videoTranscript: null,
  videoCaptions: null,
} as const;

/** Every switch, stored ones over the defaults. */
function featuresOf(stored: Partial<Record<Feature, boolean>> | null | undefined) {
  const out = { ...DEFAULT_FEATURES };
  for (const f of FEATURES) if (typeof stored?.[f] === 'boolean') out[f] = stored[f];
  return out;
}

/** The team's settings, the defaults where it changed nothing. */
export async function readSettings(db: Db, teamId: string): Promise<TeamSettingsView> {
  const [row] = await db.select().from(teamSettings).where(eq(teamSettings.teamId, teamId));
  return {
    language: row?.language ?? DEFAULT_SETTINGS.language,
    timezone: row?.timezone ?? DEFAULT_SETTINGS.timezone,
    fiscalYearStartMonth: row?.fiscalYearStartMonth ?? DEFAULT_SETTINGS.fiscalYearStartMonth,
    retentionDays: row?.retentionDays ?? DEFAULT_SETTINGS.retentionDays,
    features: featuresOf(row?.features),
    aiMonthlyLimit: row?.aiMonthlyLimit ?? null,
    publicResponsesMonthlyLimit: row?.publicResponsesMonthlyLimit ?? null,
    videoUrl: row?.videoUrl ?? null,
    videoTranscript: row?.videoTranscript ?? null,
    videoCaptions: row?.videoCaptions ?? null,
  };
}

/** What the platform's feature gate reads (ctx.features). */
export async function teamSwitches(db: Db, teamId: string): Promise<TeamSwitches> {
  const [row] = await db
    .select({
      features: teamSettings.features,
      limit: teamSettings.publicResponsesMonthlyLimit,
    })
    .from(teamSettings)
    .where(eq(teamSettings.teamId, teamId));
  return { features: featuresOf(row?.features), publicResponsesMonthlyLimit: row?.limit ?? null };
}
