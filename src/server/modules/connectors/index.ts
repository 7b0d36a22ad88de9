import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerConnectorJobs } from './connectors.import-job.js';
import { registerIntegrationsTab } from './connectors.problem-tab.js';
import { registerConnectorCredentialRoutes } from './connectors.credential-routes.js';
import { registerConnectorRoutes } from './connectors.routes.js';

/**
 * Connectors (issue 10 section 4): KoboToolbox and ODK Central forms pulled into datasets by a
 * job, now or on a schedule, one row per remote record id (tokens sealed, addresses checked).
 */
export async function connectorsModule(app: FastifyInstance, ctx: AppContext) {
  registerConnectorRoutes(app, ctx);
  registerConnectorCredentialRoutes(app, ctx);
  registerConnectorJobs(ctx);
  registerIntegrationsTab(ctx);
}

/** Settings → Sources authentication (a page of the databases module) lists these too */
export { connectorCredentials } from './connectors.queries.js';
