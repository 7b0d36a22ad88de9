import type { AppContext } from '../../platform/context.js';
import { projectDatabaseImports } from '../databases/index.js';
import { problemTabProps } from '../problems/index.js';
import { projectConnectorImports } from './connectors.queries.js';

/**
 * The problem workspace's Integrations tab: what feeds the problem's project from outside (the
 * KoboToolbox / ODK Central forms pulled by connectors, and the external database tables and
 * queries), each with its dataset, schedule, last run and status.
 */
export function registerIntegrationsTab(ctx: AppContext) {
  problemTabProps(ctx).push(async ({ teamId, projectId, tab }) => {
    if (tab !== 'integrations') return null;
    const connectorImports = await projectConnectorImports(ctx.db, teamId, projectId);
    const databaseImports = await projectDatabaseImports(ctx.db, teamId, projectId);
    return { integrations: { connectorImports, databaseImports } };
  });
}
