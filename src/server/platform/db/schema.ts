/*
 * Every Drizzle table of the app, for the query builder and drizzle-kit.
 * Modules add their `*.tables.ts` here (one line each).
 */
export * from '../auth/auth.tables.js';
export * from '../audit/audit.tables.js';
export * from '../mail/mail.tables.js';
export * from '../../modules/notifications/notifications.tables.js';
export * from '../../modules/two-factor/two-factor.tables.js';
export * from '../jobs/jobs.tables.js';
export * from '../rate-limit/rate-limit.tables.js';
export * from '../../modules/projects/projects.tables.js';
export * from '../../modules/problems/problems.tables.js';
export * from '../../modules/metrics/metrics.tables.js';
export * from '../../modules/libraries/libraries.tables.js';
export * from '../../modules/comments/comments.tables.js';
export * from '../../modules/forms/forms.tables.js';
export * from '../../modules/datasets/datasets.tables.js';
export * from '../../modules/sources/sources.tables.js';
export * from '../../modules/learnings/learnings.tables.js';
export * from '../../modules/transformations/transformations.tables.js';
export * from '../../modules/community/community.tables.js';
export * from '../../modules/settings/settings.tables.js';
export * from '../../modules/databases/databases.tables.js';
export * from '../../modules/connectors/connectors.tables.js';
export * from '../../modules/assistant/assistant.tables.js';
export * from '../../modules/coding/coding.tables.js';
export * from '../../modules/coding/coding.themes.tables.js';
export * from '../../modules/coding/coding.rubric.tables.js';
export * from '../../modules/grids/grids.tables.js';
export * from '../../modules/webhooks/webhooks.tables.js';
