import {
  connectors,
  connectorImports,
} from '../../../src/server/modules/connectors/connectors.tables.js';
import {
  fakeKobo,
  KOBO_TOKEN,
  type FakeService,
} from '../../../src/server/modules/connectors/test-support.js';
import { datasets } from '../../../src/server/modules/datasets/read-model.js';
import { SecretBox } from '../../../src/server/platform/secrets/secret-box.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertProject } from './rows.js';

/** One fake KoboToolbox on 127.0.0.1 for the whole run (the test config allows loopback) */
let kobo: Promise<FakeService> | null = null;
const service = () => (kobo ??= fakeKobo().then((s) => (s.unref(), s)));

/** A Kobo connector of team A with its sealed token, and one import of it into a dataset */
async function insertConnector(c: FixtureContext) {
  const app = c.world.app;
  const id = crypto.randomUUID();
  const box = new SecretBox(app.ctx.config.sources.secretKey);
  await app.ctx.db.insert(connectors).values({
    id,
    teamId: c.world.teamA.id,
    name: 'Matrix Kobo',
    kind: 'kobo',
    url: (await service()).url,
    sealed: box.seal(KOBO_TOKEN, `connector:${id}`),
    status: 'ready',
    createdBy: c.self.id,
  });
  const projectId = await insertProject(c, 'Connector project');
  const [dataset] = await app.ctx.db
    .insert(datasets)
    .values({
      teamId: c.world.teamA.id,
      projectId,
      name: 'Households',
      origin: 'connector',
      createdBy: c.self.id,
    })
    .returning();
  const [imp] = await app.ctx.db
    .insert(connectorImports)
    .values({
      teamId: c.world.teamA.id,
      connectorId: id,
      projectId,
      datasetId: dataset.id,
      formId: 'aHouseholds1',
      formName: 'Household survey',
      status: 'ready',
      createdBy: c.self.id,
    })
    .returning();
  return { connectorId: id, importId: imp.id };
}

const connector = async (c: FixtureContext) => (await insertConnector(c)).connectorId;
const connectorImport = async (c: FixtureContext) => (await insertConnector(c)).importId;

export const connectorsSecurity: DomainSecurity = {
  expectations: {
    'integrations.index': { access: 'team:content.view' },
    'integrations.create': { access: 'team:content.create' },
    'integrations.store': { access: 'team:content.create' },
    'integrations.show': { access: 'team:content.view' },
    'integrations.test': {
      access: 'team:content.update',
      noBody: 'tests the connector named in the URL',
    },
    'integrations.import': { access: 'team:content.create' },
    'integrations.refresh': {
      access: 'team:content.update',
      noBody: 'pulls the import named in the URL again',
    },
    'integrations.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the connector named in the URL',
    },
    'connector-credentials.rotate': { access: 'team:team.settings.manage' },
    'connector-credentials.revoke': {
      access: 'team:team.settings.manage',
      noBody: 'wipes the token of the connector named in the URL',
    },
  },
  bodies: {
    'integrations.store': async () => ({
      name: 'Kobo',
      kind: 'kobo',
      url: (await service()).url,
      secret: KOBO_TOKEN,
    }),
    'integrations.import': async (c) => ({
      projectId: await insertProject(c, 'Connector import project'),
      name: 'Households',
      formId: 'aHouseholds1',
      schedule: 'none',
    }),
    // the fake service accepts this token: the rotation is tested and stored
    'connector-credentials.rotate': () => ({ secret: KOBO_TOKEN }),
  },
  routeParamFixtures: {
    'integrations.show': { connector },
    'integrations.test': { connector },
    'integrations.import': { connector },
    'integrations.destroy': { connector },
    'integrations.refresh': { import: connectorImport },
    'connector-credentials.rotate': { connector },
    'connector-credentials.revoke': { connector },
  },
};
