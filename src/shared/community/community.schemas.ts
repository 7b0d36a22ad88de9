import { z } from 'zod';
import { FEED_SORTS, JOIN_POLICIES, REACTIONS } from './community.js';
import { richTextField } from './rich-text.js';

const name = z
  .string({ error: 'Name the community.' })
  .trim()
  .min(3, 'A name needs at least 3 characters.')
  .max(80, 'A name may be at most 80 characters.');
const description = z
  .string()
  .trim()
  .max(1000, 'A description may be at most 1,000 characters.')
  .default('');

export const storeCommunitySchema = z.strictObject({
  name,
  description,
  joinPolicy: z.enum(JOIN_POLICIES, { error: 'Choose who may join.' }),
});

const title = z
  .string({ error: 'Give the thread a title.' })
  .trim()
  .min(3, 'A title needs at least 3 characters.')
  .max(200, 'A title may be at most 200 characters.');

export const threadSchema = z.strictObject({ title, body: richTextField });
export const storePostSchema = z.strictObject({
  body: richTextField,
  /** a reply to this response (replies nest one level) */
  parentId: z.uuid({ error: 'That is not a valid response.' }).nullable().optional(),
});
export const updatePostSchema = z.strictObject({ body: richTextField });

export const lockSchema = z.strictObject({ locked: z.boolean({ error: 'Say locked or not.' }) });
export const followSchema = z.strictObject({
  following: z.boolean({ error: 'Say following or not.' }),
});
export const hideSchema = z.strictObject({ hidden: z.boolean({ error: 'Say hidden or not.' }) });
export const reactSchema = z.strictObject({
  reaction: z.enum(REACTIONS, { error: 'Choose a reaction.' }),
  on: z.boolean({ error: 'Say on or off.' }),
});
export const reportSchema = z.strictObject({
  targetType: z.enum(['thread', 'post'], { error: 'Choose what to report.' }),
  targetId: z.uuid({ error: 'That is not a valid post.' }),
  reason: z
    .string({ error: 'Say what is wrong.' })
    .trim()
    .min(3, 'Say what is wrong in at least 3 characters.')
    .max(500, 'A reason may be at most 500 characters.'),
});
export const memberRoleSchema = z.strictObject({
  role: z.enum(['moderator', 'member'], { error: 'Choose moderator or member.' }),
});

/** ?sort=&search=&page= of the feed and a community's threads (bad values fall back) */
export const feedQuery = z.object({
  sort: z.enum(FEED_SORTS).catch('newest').default('newest'),
  search: z.string().trim().max(100).catch('').default(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export const browseQuery = z.object({
  search: z.string().trim().max(100).catch('').default(''),
});
