import {
  webhookDeliveries,
  webhookEndpoints,
} from '../../../src/server/modules/webhooks/webhooks.tables.js';
import { SecretBox } from '../../../src/server/platform/secrets/secret-box.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';

/** A receiver address the test config allows (127.0.0.1); nothing listens: no route sends at once */
const URL = 'http://127.0.0.1:9/hooks';

/** A webhook endpoint of team A with its sealed secret, and one given-up delivery */
async function insertEndpoint(c: FixtureContext) {
  const app = c.world.app;
  const id = crypto.randomUUID();
  const box = new SecretBox(app.ctx.config.sources.secretKey);
  await app.ctx.db.insert(webhookEndpoints).values({
    id,
    teamId: c.world.teamA.id,
    url: URL,
    events: ['import.finished'],
    sealedSecret: box.seal('whsec_matrix', `webhook:${id}`),
    createdBy: c.self.id,
  });
  const [delivery] = await app.ctx.db
    .insert(webhookDeliveries)
    .values({
      teamId: c.world.teamA.id,
      endpointId: id,
      event: 'ping',
      payload: { type: 'ping' },
      attempts: 6,
      status: 'given_up',
      httpStatus: 500,
    })
    .returning();
  return { endpointId: id, deliveryId: delivery.id };
}

const webhook = async (c: FixtureContext) => (await insertEndpoint(c)).endpointId;
const delivery = async (c: FixtureContext) => (await insertEndpoint(c)).deliveryId;
const manage = { access: 'team:team.settings.manage' };
const body = () => ({ url: URL, events: ['import.finished', 'response.created'], active: true });

export const webhooksSecurity: DomainSecurity = {
  expectations: {
    'webhooks.index': manage,
    'webhooks.store': manage,
    'webhooks.show': manage,
    'webhooks.update': manage,
    'webhooks.rotate': { ...manage, noBody: 'makes a new secret for the endpoint in the URL' },
    'webhooks.test': { ...manage, noBody: 'queues a ping to the endpoint in the URL' },
    'webhooks.redeliver': { ...manage, noBody: 'queues the delivery in the URL again' },
    'webhooks.destroy': { ...manage, noBody: 'deletes the endpoint in the URL' },
  },
  bodies: {
    'webhooks.store': body,
    'webhooks.update': body,
  },
  routeParamFixtures: {
    'webhooks.show': { webhook },
    'webhooks.update': { webhook },
    'webhooks.rotate': { webhook },
    'webhooks.test': { webhook },
    'webhooks.destroy': { webhook },
    'webhooks.redeliver': { delivery },
  },
};
