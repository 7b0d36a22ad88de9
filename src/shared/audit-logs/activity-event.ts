/**
 * The live event every audited team write publishes on `private-team.{id}` after its commit
 * (platform/use-case): `{ action }` only. Activity feeds (the dashboard) reload on it.
 */
export const ACTIVITY_EVENT = 'activity.created';
