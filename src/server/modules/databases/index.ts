import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerDatabaseJobs } from './databases.import-job.js';
import { registerDatabaseRoutes } from './databases.routes.js';

/**
 * Database sources (issue 10): external PostgreSQL and MySQL/MariaDB databases (passwords sealed,
 * outbound addresses checked), browsed read only and imported as datasets by a job, now or on a
 * schedule.
 */
export async function databasesModule(app: FastifyInstance, ctx: AppContext) {
  registerDatabaseRoutes(app, ctx);
  registerDatabaseJobs(ctx);
}

/** Shared with the connectors module: the secret box, the outbound policy and a job's actor */
export { boxOf, jobActor, policyOf } from './databases.context.js';

/** The problem workspace's Integrations tab (filled by the connectors module) */
export { projectDatabaseImports } from './databases.props.js';
