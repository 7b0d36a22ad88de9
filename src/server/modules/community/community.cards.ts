import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import {
  cardItemsOf,
  type LibraryCardInfo,
  type RichDoc,
} from '../../../shared/community/rich-text.js';
import { findLibraryItem, findSharedLibraryItem } from '../libraries/index.js';
import { listPosts, membershipOf, moderates, threadOr404 } from './community.queries.js';
import { mustBeMember } from './community.policy.js';

/**
 * Library cards in posts: a card names a library problem or strategy (a shipped slug or a team
 * item's uuid). Its author's team must hold the item when the card is first posted; from then
 * on the community's members see it (title, sector, summary, looked up when the page renders)
 * and may copy it into their own team's projects through the libraries module.
 */
export async function checkCards(uc: AccountUseCase, body: RichDoc, previous?: RichDoc) {
  const before = previous ? cardItemsOf(previous) : [];
  for (const item of cardItemsOf(body)) {
    if (before.includes(item)) continue;
    const found = uc.actor.teamId ? await findLibraryItem(uc.tx, uc.actor.teamId, item) : null;
    if (!found)
      throw new ValidationError({
        body: 'A library card names an item your team’s library does not hold.',
      });
  }
}

/** What the cards of a thread's documents show, and where each is copied from. */
export async function cardLookups(ctx: AppContext, threadId: string, docs: RichDoc[]) {
  const out: Record<string, LibraryCardInfo> = {};
  for (const item of new Set(docs.flatMap(cardItemsOf))) {
    const found = await findSharedLibraryItem(ctx.db, item);
    if (!found) continue;
    out[item] = {
      kind: found.kind,
      title: found.title,
      sectorLabel: found.sectorLabel,
      summary: found.summary,
      href: ctx.routes.url('community.cards.show', { thread: threadId, item }),
    };
  }
  return out;
}

/**
 * A card the viewer may copy: they are an active member of the thread's community, and the
 * thread (or a post of it they can see) shows a card of this item. Anything else is 404.
 */
export async function visibleCard(db: Db, threadId: unknown, item: string, userId: string) {
  const thread = await threadOr404(db, threadId);
  const m = await membershipOf(db, thread.communityId, userId);
  mustBeMember(m);
  const mod = moderates(m);
  if (thread.hidden && !mod) throw notFound('Thread');
  const posts = await listPosts(db, thread.id, mod);
  // replies under a hidden response stay out of members' sight with it
  const visible = posts.filter(
    (p) => !p.post.parentId || posts.some((r) => r.post.id === p.post.parentId),
  );
  const docs = [thread.body, ...visible.map((p) => p.post.body)];
  if (!docs.some((d) => cardItemsOf(d).includes(item))) throw notFound('Library item');
  const found = await findSharedLibraryItem(db, item);
  if (!found) throw notFound('Library item');
  return { thread, item: found };
}
