import { initialsOf, type CommentView } from '../../../shared/comments/comments.schemas.js';
import type { CommentSubject } from '../../../shared/toc/vocabulary.js';
import type { CommentRow } from './comments.queries.js';

/** A comment as the thread sees it; `names` maps user ids (author, mentioned people) to current names. */
export function toCommentView(row: CommentRow, names: Map<string, string>): CommentView {
  const authorName = row.authorId ? names.get(row.authorId) : undefined;
  return {
    id: row.id,
    subjectType: row.subjectType as CommentSubject,
    subjectId: row.subjectId,
    author:
      row.authorId && authorName !== undefined
        ? { id: row.authorId, name: authorName, initials: initialsOf(authorName) }
        : null,
    body: row.body,
    mentions: row.mentions
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id)! })),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every user id a list of comments needs a name for. */
export function peopleIn(rows: CommentRow[]): string[] {
  return rows.flatMap((r) => [...(r.authorId ? [r.authorId] : []), ...r.mentions]);
}
