import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { teamExports } from '../../../src/server/modules/settings/settings.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';

/** A finished export of team A, its zip on disk where the app keeps exports, valid for a day. */
async function insertExport(c: FixtureContext) {
  const teamId = c.world.teamA.id;
  const [row] = await c.world.app.ctx.db
    .insert(teamExports)
    .values({
      teamId,
      requestedBy: c.self.id,
      status: 'done',
      byteSize: 22,
      counts: {},
      finishedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: teamExports.id });
  const dir = path.join(c.world.app.ctx.config.dataDir, 'exports', teamId);
  mkdirSync(dir, { recursive: true });
  // an empty zip: the end-of-central-directory record alone
  writeFileSync(
    path.join(dir, `${row.id}.zip`),
    Buffer.from([0x50, 0x4b, 5, 6, ...Array(18).fill(0)]),
  );
  return row.id;
}

const manage = { access: 'team:team.settings.manage' };

export const settingsSecurity: DomainSecurity = {
  expectations: {
    'settings.index': manage,
    'settings.show': manage,
    'settings.update': manage,
    'settings.features': manage,
    'settings.features.update': manage,
    'settings.limits': manage,
    'settings.limits.update': manage,
    'settings.video': manage,
    'settings.video.update': manage,
    'settings.exports': manage,
    'settings.exports.store': { ...manage, noBody: 'starts an export of the current team' },
    'settings.exports.download': manage,
  },
  bodies: {
    'settings.update': () => ({
      language: 'en',
      timezone: 'Europe/Paris',
      fiscalYearStartMonth: 4,
      retentionDays: 60,
    }),
    'settings.features.update': () => ({
      community: true,
      database_sources: true,
      public_forms: true,
      intelligent_columns: false,
      assistant: true,
    }),
    'settings.limits.update': () => ({ aiMonthlyLimit: 1000, publicResponsesMonthlyLimit: null }),
    'settings.video.update': () => ({
      videoUrl: 'https://vimeo.com/76979871',
      transcript: 'Welcome',
      captions: null,
    }),
  },
  routeParamFixtures: {
    'settings.exports.download': { export: (c) => insertExport(c) },
  },
};
