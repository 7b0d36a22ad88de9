import { z } from 'zod';
import { COMMENT_SUBJECTS, type CommentSubject } from '../toc/vocabulary.js';
import { formatNumber } from '../format/number.js';

/** Comments are plain text; this many characters at most. */
export const COMMENT_MAX = 5000;
/** how many people one comment may mention */
export const MENTIONS_MAX = 20;

/** Live events on the team channel `private-team.{teamId}`. */
export const COMMENT_EVENTS = {
  created: 'comment.created',
  updated: 'comment.updated',
  deleted: 'comment.deleted',
} as const;
export type CommentEventName = (typeof COMMENT_EVENTS)[keyof typeof COMMENT_EVENTS];

/**
 * A mention as the composer writes it into the body: `@[Ada Lovelace](userId)`. The name is only a
 * hint (the list shows the member's current name); the id is what counts.
 */
const MENTION_RE = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;

const subjectType = z.enum(COMMENT_SUBJECTS, { error: 'Choose what the comment is about.' });
const subjectId = z.uuid({ error: 'That is not a valid id.' });
const body = z
  .string({ error: 'Write a comment.' })
  .trim()
  .min(1, 'Write a comment.')
  .max(COMMENT_MAX, `A comment may be at most ${formatNumber(COMMENT_MAX)} characters.`);

/** GET comments.index ?subjectType=&subjectId= (other query keys, e.g. cache busters, are ignored) */
export const commentIndexQuery = z.object({ subjectType, subjectId });
export const storeCommentSchema = z.object({ subjectType, subjectId, body }).strict();
export const updateCommentSchema = z.object({ body }).strict();

/** The distinct user ids mentioned in a body, in order of first mention. */
export function mentionedIds(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(MENTION_RE)) if (!ids.includes(m[2])) ids.push(m[2]);
  return ids;
}

export type CommentSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; userId: string; name: string };

/** The body cut into plain text and mentions, for rendering as text (never as HTML). */
export function commentSegments(text: string): CommentSegment[] {
  const out: CommentSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION_RE)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    out.push({ kind: 'mention', userId: m[2], name: m[1] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The body as a person reads it (`@Ada Lovelace`), optionally cut to `max` characters with an ellipsis. */
export function plainComment(
  text: string,
  max?: number,
  names: Record<string, string> = {},
): string {
  const plain = commentSegments(text)
    .map((s) => (s.kind === 'text' ? s.text : `@${names[s.userId] ?? s.name}`))
    .join('');
  if (max === undefined) return plain;
  // by code points, so an emoji is never cut in half (a lone surrogate is not valid text for the database)
  const chars = Array.from(plain);
  if (chars.length <= max) return plain;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** What the composer inserts for a member (characters that would break the encoding are dropped from the name). */
export function mentionToken(member: { id: string; name: string }): string {
  return `@[${mentionName(member.name)}](${member.id})`;
}

export interface CommentPerson {
  id: string;
  name: string;
  initials: string;
}

/** A comment as the thread shows it (and as the live events carry it). */
export interface CommentView {
  id: string;
  subjectType: CommentSubject;
  subjectId: string;
  /** null when the author's account was deleted */
  author: CommentPerson | null;
  body: string;
  /** the mentioned members with their current names */
  mentions: Array<{ id: string; name: string }>;
  editedAt: string | null;
  createdAt: string;
}

/** comments.index answer */
export interface CommentThreadData {
  comments: Array<CommentView & { canEdit: boolean; canDelete: boolean }>;
  /** the team's members, for the @-mention picker */
  members: CommentPerson[];
  viewer: { id: string; canComment: boolean; canModerate: boolean };
  /** older comments exist than the ones listed */
  hasOlder: boolean;
}

/** Live event data on the team channel. `comment` is null when it was too large to send (the thread reloads). */
export interface CommentEvent {
  subjectType: CommentSubject;
  subjectId: string;
  comment: CommentView | { id: string } | null;
}

/** 'Ada Lovelace' -> 'AL', 'ada' -> 'A' */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => Array.from(p)[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The name a mention shows in the composer (the same clean-up the token applies). */
export function mentionName(name: string): string {
  return (
    name
      .replace(/[[\]()\n\r]/g, '')
      .trim()
      .slice(0, 100) || 'member'
  );
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The composer shows mentions as `@Ada Lovelace`; before sending, each picked member's `@Name`
 * (not followed by a letter or digit) becomes the token. Longer names first, so `@Ada Lovelace`
 * wins over a member called `Ada`.
 */
export function encodeMentions(text: string, picked: Array<{ id: string; name: string }>): string {
  let out = text;
  const byLength = [...picked].sort(
    (a, b) => mentionName(b.name).length - mentionName(a.name).length,
  );
  for (const m of byLength) {
    const name = mentionName(m.name);
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}_])@${escapeRe(name)}(?![\\p{L}\\p{N}_])`, 'gu'),
      () => mentionToken(m),
    );
  }
  return out;
}

/** A stored body back into composer text and the mentions it holds (for editing). */
export function decodeMentions(
  body: string,
  names: Record<string, string> = {},
): { text: string; picked: Array<{ id: string; name: string }> } {
  const picked: Array<{ id: string; name: string }> = [];
  const text = commentSegments(body)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      const name = mentionName(names[s.userId] ?? s.name);
      if (!picked.some((p) => p.id === s.userId)) picked.push({ id: s.userId, name });
      return `@${name}`;
    })
    .join('');
  return { text, picked };
}
