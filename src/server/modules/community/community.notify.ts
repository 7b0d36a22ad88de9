import { ValidationError } from '../../platform/errors.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import { COMMUNITY_EVENTS, type CommunityPostEvent } from '../../../shared/community/community.js';
import {
  MENTIONS_PER_POST,
  mentionedUserIds,
  plainText,
  type RichDoc,
} from '../../../shared/community/rich-text.js';
import { notificationPayload, NOTIFICATIONS_DELIVER } from '../notifications/index.js';
import { activeMembersAmong, followersOf, namesOf, type Queryable } from './community.queries.js';

/** The mentioned user ids, all active members of the community, or a field error on `body`. */
export async function checkMentions(db: Queryable, communityId: string, body: RichDoc) {
  const ids = mentionedUserIds(body);
  if (ids.length > MENTIONS_PER_POST)
    throw new ValidationError({ body: `A post may mention at most ${MENTIONS_PER_POST} people.` });
  const members = await activeMembersAmong(db, communityId, ids);
  if (ids.some((id) => !members.has(id)))
    throw new ValidationError({ body: 'You can only mention members of this community.' });
  return ids;
}

/** The text of a body with the mentioned people's current names. */
export async function textOf(db: Queryable, body: RichDoc, max?: number) {
  return plainText(body, await namesOf(db, mentionedUserIds(body)), max);
}

interface Told {
  /** the post or thread the event is about (the notification key) */
  id: string;
  threadId: string;
  threadTitle: string;
  body: RichDoc;
  url: string;
}

/**
 * Tell the newly mentioned (never the author) and, for a new response or reply, the thread's
 * followers who were not mentioned. Keys per post and person: at most one notification each,
 * however often an edit drops and re-adds a mention.
 */
export async function notifyPost(
  uc: AccountUseCase,
  told: Told,
  mentioned: string[],
  opts: { followers: boolean },
) {
  const me = uc.actor.userId;
  const excerpt = await textOf(uc.tx, told.body, 200);
  const mentionedOthers = mentioned.filter((id) => id !== me);
  if (mentionedOthers.length)
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload({
        userIds: mentionedOthers,
        key: `community.mentioned:${told.id}`,
        teamId: null,
        type: 'community.mentioned',
        title: `${uc.actor.name} mentioned you in “${told.threadTitle}”`,
        body: excerpt,
        url: told.url,
        data: { threadId: told.threadId, postId: told.id },
      }),
    );
  if (!opts.followers) return;
  const followers = (await followersOf(uc.tx, told.threadId))
    .map((f) => f.userId)
    .filter((id) => id !== me && !mentioned.includes(id));
  if (followers.length)
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload({
        userIds: followers,
        key: `community.replied:${told.id}`,
        teamId: null,
        type: 'community.replied',
        title: `${uc.actor.name} replied in “${told.threadTitle}”`,
        body: excerpt,
        url: told.url,
        data: { threadId: told.threadId, postId: told.id },
      }),
    );
}

/** Tell the community's members viewing the thread (or the feed) that something changed. */
export function publishPost(uc: AccountUseCase, communityId: string, event: CommunityPostEvent) {
  uc.publish(communityChannel(communityId), COMMUNITY_EVENTS.posted, event);
}
export function publishChange(uc: AccountUseCase, communityId: string, threadId: string) {
  uc.publish(communityChannel(communityId), COMMUNITY_EVENTS.changed, { threadId });
}

const communityChannel = (communityId: string) => channels.community(communityId);
