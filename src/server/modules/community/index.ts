import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { addChannelRule } from '../../platform/realtime/channel-rules.js';
import { registerCommunityPages } from './community.routes.js';
import { registerCommunityWrites } from './community.write-routes.js';
import { registerCommunityMedia } from './community.media-routes.js';
import { registerPruneImagesJob } from './community.prune-job.js';
import { isActive, membershipOf } from './community.queries.js';

/**
 * Communities of practice across teams: browse, join (open or on request), threads with
 * responses and one level of replies in rich text (the editor's JSON, checked against an
 * allowlist and rendered on the server), reactions, mentions and follows that notify, live
 * updates on the members-only community channel, and moderation (report, hide, lock, remove).
 * Images uploaded into the editor and never posted are pruned after a day (a periodic job).
 */
export async function communityModule(app: FastifyInstance, ctx: AppContext) {
  // a community's live channel: its active members only (re-checked after every write)
  addChannelRule({
    pattern: /^private-community\.([0-9a-f-]{36})$/,
    allows: async (db, actor, m) => isActive(await membershipOf(db, m[1], actor.user.id)),
  });
  registerCommunityPages(app, ctx);
  registerCommunityWrites(app, ctx);
  await registerCommunityMedia(app, ctx);
  registerPruneImagesJob(ctx);
}
