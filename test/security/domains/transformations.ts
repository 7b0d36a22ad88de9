import {
  transformationRuns,
  transformations,
} from '../../../src/server/modules/transformations/transformations.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertDataset } from './sources.js';

/** A recipe of team A over a dataset with a ready version (one trim step) */
async function insertTransformation(c: FixtureContext) {
  const { datasetId, projectId } = await insertDataset(c);
  const [t] = await c.world.app.ctx.db
    .insert(transformations)
    .values({
      teamId: c.world.teamA.id,
      projectId,
      name: 'Fixture recipe',
      sourceDatasetId: datasetId,
      steps: [
        {
          id: 'a',
          enabled: true,
          kind: 'cleanup',
          op: 'trim',
          columns: ['name'],
          characters: '',
          mapping: [],
          loose: true,
          dateOrder: ['dmy', 'mdy'],
        },
      ],
      createdBy: c.self.id,
    })
    .returning();
  return t.id;
}

async function insertRun(c: FixtureContext, status: 'done' | 'queued' = 'done') {
  const transformationId = await insertTransformation(c);
  const [r] = await c.world.app.ctx.db
    .insert(transformationRuns)
    .values({
      teamId: c.world.teamA.id,
      transformationId,
      jobId: crypto.randomUUID(),
      status,
      steps: [],
      rowsIn: 1,
      rowsOut: 1,
      createdBy: c.self.id,
      finishedAt: new Date(),
    })
    .returning();
  return r.id;
}

/** transformations.store: the project's fixture makes a dataset there, the body picks it */
let storeDataset = '';
async function storeProject(c: FixtureContext) {
  const { datasetId, projectId } = await insertDataset(c);
  storeDataset = datasetId;
  return projectId;
}

export const transformationsSecurity: DomainSecurity = {
  expectations: {
    'transformations.index': { access: 'team:content.view' },
    'transformations.create': { access: 'team:content.create' },
    'transformations.store': { access: 'team:content.create' },
    'transformations.show': { access: 'team:content.view' },
    'transformations.steps': { access: 'team:content.update' },
    'transformations.run': {
      access: 'team:content.update',
      noBody: 'runs the recipe named in the URL',
    },
    'transformations.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the recipe named in the URL',
    },
    'transformation-runs.show': { access: 'team:content.view' },
    'transformation-runs.cancel': {
      access: 'team:content.update',
      noBody: 'cancels the run named in the URL',
    },
    'transformations.settings': { access: 'team:content.update' },
  },
  bodies: {
    'transformations.store': () => ({ name: 'Matrix recipe', datasetId: storeDataset }),
    'transformations.steps': () => ({
      steps: [{ id: 'b', enabled: true, kind: 'dedupe', columns: ['name'], keep: 'first' }],
    }),
    'transformations.settings': () => ({ autoRun: true }),
  },
  routeParamFixtures: {
    'transformations.store': { project: storeProject },
    'transformations.show': { transformation: insertTransformation },
    'transformations.steps': { transformation: insertTransformation },
    'transformations.run': { transformation: insertTransformation },
    'transformations.destroy': { transformation: insertTransformation },
    'transformation-runs.show': { run: (c) => insertRun(c) },
    'transformation-runs.cancel': { run: (c) => insertRun(c, 'queued') },
    'transformations.settings': { transformation: insertTransformation },
  },
};
