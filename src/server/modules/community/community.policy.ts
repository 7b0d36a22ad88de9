import { forbidden, notFound } from '../../platform/errors.js';
import { isActive, moderates, type Membership } from './community.queries.js';

/**
 * The community roles decide (not the team roles): members read and post, moderators (and the
 * owner) hide, lock, approve, remove members and see reports, the owner also names moderators.
 * A non-member is told a community's threads do not exist.
 */
export function mustBeMember(m: Membership | null): asserts m is Membership {
  if (!isActive(m)) throw notFound('Thread');
}

export function mustModerate(m: Membership | null) {
  if (!isActive(m)) throw notFound('Community');
  if (!moderates(m)) throw forbidden('Only the community’s moderators may do that.');
}

export function mustOwn(m: Membership | null) {
  if (!isActive(m)) throw notFound('Community');
  if (m.role !== 'owner') throw forbidden('Only the community’s owner may do that.');
}

/** Only the author edits; the author or a moderator deletes. */
export function mayEdit(authorId: string | null, userId: string) {
  return authorId !== null && authorId === userId;
}
export function mayDelete(authorId: string | null, userId: string, m: Membership | null) {
  return mayEdit(authorId, userId) || moderates(m);
}
