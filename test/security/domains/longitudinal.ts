import { randomUUID } from 'node:crypto';
import { stakeholders } from '../../../src/server/modules/forms/forms.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertForm } from './forms.js';

/**
 * The stakeholder the last merge fixture made to be kept: the body is made right after the URL's
 * params, in the same request's set-up (the matrix and the walks run one request at a time)
 */
let lastKept: string | null = null;

/** Two stakeholders of one project of team A: the URL's one is merged into the other */
async function mergePair(c: FixtureContext) {
  const { stakeholder } = await insertForm(c);
  const [kept] = await c.world.app.ctx.db
    .insert(stakeholders)
    .values({
      teamId: c.world.teamA.id,
      projectId: stakeholder.projectId,
      code: `S-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: 'Fixture stakeholder (kept)',
    })
    .returning();
  lastKept = kept.id;
  return stakeholder.id;
}

export const longitudinalSecurity: DomainSecurity = {
  expectations: {
    'longitudinal.show': { access: 'team:content.view' },
    'longitudinal.export': { access: 'team:content.view' },
    'stakeholders.merge': { access: 'team:content.update' },
  },
  bodies: {
    'stakeholders.merge': () => ({ into: lastKept ?? randomUUID() }),
  },
  routeParamFixtures: {
    'stakeholders.merge': { stakeholder: mergePair },
  },
};
