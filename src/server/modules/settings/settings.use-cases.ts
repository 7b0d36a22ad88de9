import { and, eq, inArray } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { fail } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { FEATURES } from '../../../shared/settings/settings.js';
import type {
  FeatureSettingsInput,
  GeneralSettingsInput,
  LimitSettingsInput,
  VideoSettingsInput,
} from '../../../shared/settings/settings.schemas.js';
import { teamExports, teamSettings } from './settings.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { readSettings } from './settings.queries.js';

/** Write some columns of the team's settings row (made on the first change). */
async function upsert(uc: UseCase, values: Partial<typeof teamSettings.$inferInsert>) {
  await uc.tx
    .insert(teamSettings)
    .values({ teamId: uc.teamId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: teamSettings.teamId, set: { ...values, updatedAt: new Date() } });
}

/** What changed, field by field (the audit row's details). */
function changes<T extends object>(before: T, after: Partial<T>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const was = before as Record<string, unknown>;
  for (const [k, v] of Object.entries(after))
    if (v !== undefined && was[k] !== v) out[k] = { from: was[k], to: v };
  return out;
}

export async function updateGeneralSettings(uc: UseCase, input: GeneralSettingsInput) {
  uc.can('team.settings.manage');
  const before = await readSettings(uc.tx, uc.teamId);
  await upsert(uc, input);
  await uc.audit({
    action: 'settings.updated',
    subject: { type: 'team', id: uc.teamId },
    details: { changes: changes(before, input) },
  });
}

export async function updateFeatureSettings(uc: UseCase, input: FeatureSettingsInput) {
  uc.can('team.settings.manage');
  const before = await readSettings(uc.tx, uc.teamId);
  const features = Object.fromEntries(FEATURES.map((f) => [f, input[f]])) as typeof input;
  await upsert(uc, { features });
  const changed = FEATURES.filter((f) => before.features[f] !== features[f]);
  await uc.audit({
    action: 'settings.features_updated',
    subject: { type: 'team', id: uc.teamId },
    details: {
      turnedOn: changed.filter((f) => features[f]),
      turnedOff: changed.filter((f) => !features[f]),
    },
  });
  return changed;
}

export async function updateLimitSettings(uc: UseCase, input: LimitSettingsInput) {
  uc.can('team.settings.manage');
  const before = await readSettings(uc.tx, uc.teamId);
  const values = {
    aiMonthlyLimit: input.aiMonthlyLimit ?? null,
    publicResponsesMonthlyLimit: input.publicResponsesMonthlyLimit ?? null,
  };
  await upsert(uc, values);
  await uc.audit({
    action: 'settings.limits_updated',
    subject: { type: 'team', id: uc.teamId },
    details: { changes: changes(before, values) },
  });
}

export async function updateVideoSettings(uc: UseCase, input: VideoSettingsInput) {
  uc.can('team.settings.manage');
  const values = {
    videoUrl: input.videoUrl ?? null,
    videoTranscript: input.transcript ?? null,
    videoCaptions: input.captions ?? null,
  };
  await upsert(uc, values);
  await uc.audit({
    action: 'settings.video_updated',
    subject: { type: 'team', id: uc.teamId },
    details: {
      videoUrl: values.videoUrl,
      transcriptChars: values.videoTranscript?.length ?? 0,
      captionsChars: values.videoCaptions?.length ?? 0,
    },
  });
}

/** Start an export of all the team's data; one at a time per team (a second request joins the first). */
export async function requestExport(uc: UseCase) {
  uc.can('team.settings.manage');
  // one export of a team at a time: the settings row is the team's lock
  await upsert(uc, {});
  const [running] = await uc.tx
    .select({ id: teamExports.id, jobStatus: jobs.status })
    .from(teamExports)
    .leftJoin(jobs, eq(jobs.id, teamExports.jobId))
    .where(
      and(eq(teamExports.teamId, uc.teamId), inArray(teamExports.status, ['queued', 'running'])),
    )
    .limit(1);
  if (
    running &&
    (!running.jobStatus || running.jobStatus === 'failed' || running.jobStatus === 'done')
  ) {
    // its job ended without finishing it (a worker stopped mid-way): it will never finish
    await uc.tx
      .update(teamExports)
      .set({ status: 'failed', failure: 'The export stopped before it finished. Try again.' })
      .where(eq(teamExports.id, running.id));
  } else if (running) {
    uc.unaudited('an export of this team is already under way: this request starts nothing');
    return { exportId: running.id, started: false };
  }
  const [row] = await uc.tx
    .insert(teamExports)
    .values({ teamId: uc.teamId, requestedBy: uc.actor.userId })
    .returning({ id: teamExports.id });
  const jobId = await uc.enqueue('settings.export', { exportId: row.id });
  await uc.tx.update(teamExports).set({ jobId }).where(eq(teamExports.id, row.id));
  await uc.audit({
    action: 'settings.export_requested',
    subject: { type: 'team_export', id: row.id },
  });
  return { exportId: row.id, started: true };
}

/** The export behind a download link: the team's, finished and not expired. */
export async function downloadExport(uc: UseCase, exportId: unknown, now = new Date()) {
  const id = idOr404(exportId, 'Export');
  uc.can('team.settings.manage');
  const [row] = await uc.tx
    .select()
    .from(teamExports)
    .where(and(eq(teamExports.id, id), eq(teamExports.teamId, uc.teamId)));
  if (!row) throw fail('NOT_FOUND', 'Export not found.');
  if (row.status !== 'done' || !row.expiresAt)
    throw fail('CONFLICT', 'This export is not ready yet.');
  if (row.expiresAt <= now)
    throw fail('NOT_FOUND', 'This export expired and was deleted. Start a new one.');
  await uc.audit({
    action: 'settings.export_downloaded',
    subject: { type: 'team_export', id: row.id },
    details: { byteSize: row.byteSize },
  });
  return row;
}
