/**
 * The settings module's published read model: the team settings table, for other modules' reads
 * (the fiscal year start a metric snapshots); writes go through the settings use cases.
 */
export { teamSettings } from './settings.tables.js';
