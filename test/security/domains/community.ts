import { eq } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  communities,
  communityImages,
  communityMembers,
  communityPosts,
  communityReports,
  communityThreads,
} from '../../../src/server/modules/community/community.tables.js';
import { docOf, imageSrc, type RichDoc } from '../../../src/shared/community/rich-text.js';
import { imagePath } from '../../../src/server/modules/community/community.images.js';
import { SHIPPED_LIBRARY } from '../../../src/server/modules/libraries/index.js';
import { solidPng } from '../../helpers/png.js';
import type { FixtureContext, ParamFixture } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';

/**
 * Communities span teams, so the community roles decide, not the team roles. The fixtures cast
 * team A's people into a community: team A's owner owns it, the admin moderates, the editor,
 * the viewer and the `target` are members; the outsider (team B) is not a member. Threads and
 * posts are written by the acting user (edit and delete own). Routes are `verified`; the
 * overrides name what the community roles add.
 */
type Cast = 'standard' | 'pending-target' | 'owned-by-target' | 'nobody';

async function insertCommunity(c: FixtureContext, cast: Cast = 'standard') {
  const { world } = c;
  const db = world.app.ctx.db;
  const [row] = await db
    .insert(communities)
    .values({ name: 'Matrix community', joinPolicy: 'open', createdBy: world.members.owner.id })
    .returning({ id: communities.id });
  const m = world.members;
  const rows: Array<{ userId: string; role: string; status: string }> =
    cast === 'nobody'
      ? [{ userId: world.target.id, role: 'owner', status: 'active' }]
      : cast === 'owned-by-target'
        ? [
            { userId: world.target.id, role: 'owner', status: 'active' },
            ...[m.owner, m.admin, m.editor, m.viewer].map((u) => ({
              userId: u.id,
              role: 'member',
              status: 'active',
            })),
          ]
        : [
            { userId: m.owner.id, role: 'owner', status: 'active' },
            { userId: m.admin.id, role: 'moderator', status: 'active' },
            { userId: m.editor.id, role: 'member', status: 'active' },
            { userId: m.viewer.id, role: 'member', status: 'active' },
            {
              userId: world.target.id,
              role: 'member',
              status: cast === 'pending-target' ? 'pending' : 'active',
            },
          ];
  await db.insert(communityMembers).values(rows.map((r) => ({ ...r, communityId: row.id })));
  return row.id;
}

/** A thread by the acting user (team A's owner for the outsider) in a standard community. */
async function insertThread(c: FixtureContext, body: RichDoc = docOf('Opening post')) {
  const communityId = await insertCommunity(c);
  const [row] = await c.world.app.ctx.db
    .insert(communityThreads)
    .values({ communityId, authorId: c.self.id, title: 'Matrix thread', body, bodyText: 'x' })
    .returning({ id: communityThreads.id });
  return row.id;
}

/**
 * A route with two related parameters (community and image, thread and card item): the first
 * fixture makes both, the second reads what it made for the same request.
 */
const made = new WeakMap<FixtureContext, string>();

/** An image shown by a thread of a standard community, its file on disk */
async function insertImage(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const communityId = await insertCommunity(c);
  const id = crypto.randomUUID();
  const [t] = await db
    .insert(communityThreads)
    .values({
      communityId,
      authorId: c.self.id,
      title: 'Matrix picture',
      body: {
        type: 'doc',
        content: [{ type: 'image', attrs: { src: imageSrc(communityId, id), alt: 'A pump' } }],
      },
      bodyText: '[A pump]',
    })
    .returning({ id: communityThreads.id });
  const png = solidPng(4, 4);
  await db.insert(communityImages).values({
    id,
    communityId,
    uploadedBy: c.self.id,
    threadId: t.id,
    mime: 'image/png',
    width: 4,
    height: 4,
    byteSize: png.length,
  });
  const file = imagePath(c.world.app.ctx.config.dataDir, communityId, id);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, png);
  made.set(c, id);
  return communityId;
}

/** A thread showing a card of a shipped library problem */
const SHARED = SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!.slug;
const cardThread = (c: FixtureContext) =>
  insertThread(c, {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'This worked' }] },
      { type: 'libraryCard', attrs: { item: SHARED } },
    ],
  });

async function insertPost(c: FixtureContext) {
  const threadId = await insertThread(c);
  const [row] = await c.world.app.ctx.db
    .insert(communityPosts)
    .values({ threadId, authorId: c.self.id, body: docOf('A response'), bodyText: 'A response' })
    .returning({ id: communityPosts.id });
  return row.id;
}

async function insertReport(c: FixtureContext) {
  const threadId = await insertThread(c);
  const [t] = await c.world.app.ctx.db
    .select({ communityId: communityThreads.communityId })
    .from(communityThreads)
    .where(eq(communityThreads.id, threadId));
  const [row] = await c.world.app.ctx.db
    .insert(communityReports)
    .values({
      communityId: t.communityId,
      threadId,
      targetType: 'thread',
      targetId: threadId,
      reporterId: c.world.target.id,
      reason: 'Off topic',
    })
    .returning({ id: communityReports.id });
  return row.id;
}

const community = (cast?: Cast): Record<string, ParamFixture> => ({
  community: (c) => insertCommunity(c, cast),
});
const thread = { thread: insertThread };
const post = { post: insertPost };

const MEMBERS_ONLY = 'a non-member (the outsider) is told the community’s threads do not exist';
const MODERATORS = {
  reason: 'only the community’s moderators (the owner; team A’s admin moderates) may do that',
  editor: 'forbidden',
  viewer: 'forbidden',
} as const;

export const communitySecurity: DomainSecurity = {
  expectations: {
    'community.feed': { access: 'verified' },
    'community.communities': { access: 'verified' },
    'community.store': { access: 'verified' },
    'community.show': {
      access: 'verified',
      overrides: {
        reason:
          'anyone signed in sees what a community is about (and may join); threads stay for members',
        outsider: 'allowed',
      },
    },
    'community.join': {
      access: 'verified',
      noBody: 'joins the community named in the URL',
      overrides: { reason: 'anyone signed in may join an open community', outsider: 'allowed' },
    },
    'community.leave': { access: 'verified', noBody: 'leaves the community named in the URL' },
    'community.members.approve': {
      access: 'verified',
      noBody: 'approves the request named in the URL',
      overrides: MODERATORS,
    },
    'community.members.update': {
      access: 'verified',
      overrides: {
        reason: 'only the community’s owner names moderators',
        admin: 'forbidden',
        editor: 'forbidden',
        viewer: 'forbidden',
      },
    },
    'community.members.destroy': {
      access: 'verified',
      noBody: 'removes the member named in the URL',
      overrides: MODERATORS,
    },
    'community.threads.create': { access: 'verified' },
    'community.threads.store': { access: 'verified' },
    'community.threads.show': { access: 'verified' },
    'community.threads.edit': { access: 'verified' },
    'community.threads.update': { access: 'verified' },
    'community.threads.destroy': {
      access: 'verified',
      noBody: 'deletes the thread named in the URL',
    },
    'community.threads.lock': { access: 'verified', overrides: MODERATORS },
    'community.threads.hide': { access: 'verified', overrides: MODERATORS },
    'community.threads.follow': { access: 'verified' },
    'community.threads.react': { access: 'verified' },
    'community.posts.store': { access: 'verified' },
    'community.posts.update': { access: 'verified' },
    'community.posts.destroy': { access: 'verified', noBody: 'deletes the post named in the URL' },
    'community.posts.hide': { access: 'verified', overrides: MODERATORS },
    'community.posts.react': { access: 'verified' },
    'community.reports.store': {
      access: 'verified',
      overrides: { reason: MEMBERS_ONLY, outsider: 'not-found' },
    },
    'community.reports.resolve': {
      access: 'verified',
      noBody: 'closes the report named in the URL',
      overrides: MODERATORS,
    },
    'community.images.store': { access: 'verified' },
    'community.images.show': { access: 'verified' },
    'community.share': { access: 'verified' },
    'community.cards.show': { access: 'verified' },
    'community.cards.copy': { access: 'team:content.create' },
  },
  routeParamFixtures: {
    'community.show': community(),
    // nobody of the cast belongs yet: everyone may join
    'community.join': community('nobody'),
    // the target owns it: team A's owner is a plain member who may leave
    'community.leave': community('owned-by-target'),
    'community.members.approve': community('pending-target'),
    'community.members.update': community(),
    'community.members.destroy': community(),
    'community.threads.create': community(),
    'community.threads.store': community(),
    'community.threads.show': thread,
    'community.threads.edit': thread,
    'community.threads.update': thread,
    'community.threads.destroy': thread,
    'community.threads.lock': thread,
    'community.threads.hide': thread,
    'community.threads.follow': thread,
    'community.threads.react': thread,
    'community.posts.store': thread,
    'community.posts.update': post,
    'community.posts.destroy': post,
    'community.posts.hide': post,
    'community.posts.react': post,
    'community.reports.resolve': { report: insertReport },
    'community.images.store': community(),
    'community.images.show': { community: insertImage, image: (c) => made.get(c)! },
    'community.cards.show': { thread: cardThread, item: () => SHARED },
    'community.cards.copy': { thread: cardThread, item: () => SHARED },
  },
  bodies: {
    'community.store': () => ({
      name: 'Matrix practitioners',
      description: 'From the matrix',
      joinPolicy: 'open',
    }),
    'community.members.update': () => ({ role: 'moderator' }),
    'community.threads.store': () => ({ title: 'A matrix thread', body: docOf('Hello') }),
    'community.threads.update': () => ({ title: 'An edited thread', body: docOf('Edited') }),
    'community.threads.lock': () => ({ locked: true }),
    'community.threads.hide': () => ({ hidden: true }),
    'community.threads.follow': () => ({ following: true }),
    'community.threads.react': () => ({ reaction: 'like', on: true }),
    'community.posts.store': () => ({ body: docOf('A matrix response') }),
    'community.posts.update': () => ({ body: docOf('An edited response') }),
    'community.posts.hide': () => ({ hidden: true }),
    'community.posts.react': () => ({ reaction: 'thanks', on: true }),
    'community.cards.copy': () => ({ newProjectName: 'Copied from a community' }),
    'community.reports.store': async (c) => ({
      targetType: 'thread',
      targetId: await insertThread(c),
      reason: 'Off topic',
    }),
  },
};
