import {
  databaseConnections,
  sourceCredentials,
} from '../../../src/server/modules/databases/databases.tables.js';
import { SecretBox } from '../../../src/server/platform/secrets/secret-box.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertProject } from './rows.js';

/**
 * A connection of team A to the machine's PostgreSQL (127.0.0.1:5432, db `test`, trust; the test
 * config allows loopback), with its sealed password. Returns the connection and credential ids.
 */
export async function insertConnection(c: FixtureContext) {
  const app = c.world.app;
  const [connection] = await app.ctx.db
    .insert(databaseConnections)
    .values({
      teamId: c.world.teamA.id,
      name: 'Matrix warehouse',
      engine: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database: 'test',
      username: 'postgres',
      tlsMode: 'disable',
      status: 'ready',
      createdBy: c.self.id,
    })
    .returning();
  const box = new SecretBox(app.ctx.config.sources.secretKey);
  const [credential] = await app.ctx.db
    .insert(sourceCredentials)
    .values({
      teamId: c.world.teamA.id,
      connectionId: connection.id,
      sealed: box.seal('matrix-password', `database_connection:${connection.id}`),
      createdBy: c.self.id,
    })
    .returning();
  return { connectionId: connection.id, credentialId: credential.id };
}

const connectionBody = () => ({
  name: 'Warehouse',
  engine: 'postgres',
  host: '127.0.0.1',
  port: 5432,
  database: 'test',
  username: 'postgres',
  password: 'matrix-password',
  tlsMode: 'disable',
});

const connection = async (c: FixtureContext) => (await insertConnection(c)).connectionId;
const credential = async (c: FixtureContext) => (await insertConnection(c)).credentialId;

export const databasesSecurity: DomainSecurity = {
  expectations: {
    'databases.index': { access: 'team:content.view' },
    'databases.create': { access: 'team:content.create' },
    'databases.store': { access: 'team:content.create' },
    'databases.show': { access: 'team:content.view' },
    'databases.edit': { access: 'team:content.update' },
    'databases.update': { access: 'team:content.update' },
    'databases.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the connection named in the URL',
    },
    'databases.test': {
      access: 'team:content.update',
      noBody: 'tests the connection named in the URL',
    },
    'databases.import': { access: 'team:content.create' },
    'source-credentials.index': { access: 'team:content.view' },
    'source-credentials.rotate': { access: 'team:team.settings.manage' },
    'source-credentials.revoke': {
      access: 'team:team.settings.manage',
      noBody: 'deletes the stored password named in the URL',
    },
  },
  bodies: {
    'databases.store': connectionBody,
    'databases.update': connectionBody,
    'databases.import': async (c) => ({
      projectId: await insertProject(c, 'Database import project'),
      name: 'One row',
      kind: 'query',
      query: 'SELECT 1 AS one',
      schedule: 'none',
    }),
    'source-credentials.rotate': () => ({ password: 'rotated-password' }),
  },
  routeParamFixtures: {
    'databases.show': { database: connection },
    'databases.edit': { database: connection },
    'databases.update': { database: connection },
    'databases.destroy': { database: connection },
    'databases.test': { database: connection },
    'databases.import': { database: connection },
    'source-credentials.rotate': { credential },
    'source-credentials.revoke': { credential },
  },
};
