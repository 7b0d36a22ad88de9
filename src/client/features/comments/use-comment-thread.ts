import { useCallback, useEffect, useState } from 'react';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import {
  COMMENT_EVENTS,
  type CommentEvent,
  type CommentThreadData,
  type CommentView,
} from '@shared/comments/comments.schemas';
import type { CommentSubject } from '@shared/toc/vocabulary';
import { useShared } from '../../hooks/use-shared';
import { useChannel } from '../../hooks/use-echo';
import { HttpError, httpJson } from '../../lib/http';

export type ThreadComment = CommentThreadData['comments'][number];

/** The field error of a refused request (422 problem JSON), or its message. */
export function errorText(err: unknown, field = 'body'): string {
  if (err instanceof HttpError && err.body && typeof err.body === 'object') {
    const b = err.body as { errors?: Record<string, string>; detail?: string };
    return b.errors?.[field] ?? Object.values(b.errors ?? {})[0] ?? b.detail ?? err.message;
  }
  return 'Something went wrong. Please try again.';
}

/** Insert or replace by id, keeping oldest-first order. */
function upsert(list: ThreadComment[], c: ThreadComment): ThreadComment[] {
  const i = list.findIndex((x) => x.id === c.id);
  if (i >= 0) return list.map((x) => (x.id === c.id ? c : x));
  return [...list, c].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * A subject's thread: loads it, keeps it live from the team channel (events for other subjects are
 * ignored; the author's own POST answer and its event merge by id), and the write actions.
 */
export function useCommentThread(subjectType: CommentSubject, subjectId: string) {
  const { auth } = useShared();
  const [data, setData] = useState<CommentThreadData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    httpJson<CommentThreadData>(route('comments.index', { subjectType, subjectId }))
      .then((d) => live && setData(d))
      .catch(
        (err: unknown) =>
          live &&
          setLoadError(
            err instanceof HttpError && err.status === 404
              ? 'This item no longer exists.'
              : 'Could not load the comments.',
          ),
      );
    return () => {
      live = false;
    };
  }, [subjectType, subjectId, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /** Rights for a comment that arrived live (the event carries no viewer-specific flags). */
  const withRights = useCallback((c: CommentView, d: CommentThreadData): ThreadComment => {
    const own = c.author?.id === d.viewer.id;
    return { ...c, canEdit: own, canDelete: own || d.viewer.canModerate };
  }, []);

  const onEvent = (kind: 'created' | 'updated' | 'deleted') => (e: CommentEvent) => {
    if (e.subjectType !== subjectType || e.subjectId !== subjectId) return;
    if (!e.comment) return reload(); // too large to travel in the event: fetch the thread
    const comment = e.comment;
    setData((d) => {
      if (!d) return d;
      if (kind === 'deleted')
        return { ...d, comments: d.comments.filter((x) => x.id !== comment.id) };
      if (!('body' in comment)) return d;
      return { ...d, comments: upsert(d.comments, withRights(comment, d)) };
    });
  };
  const channel = auth.team ? channels.team(auth.team.id) : null;
  useChannel<CommentEvent>(channel, COMMENT_EVENTS.created, onEvent('created'));
  useChannel<CommentEvent>(channel, COMMENT_EVENTS.updated, onEvent('updated'));
  useChannel<CommentEvent>(channel, COMMENT_EVENTS.deleted, onEvent('deleted'));

  const add = async (body: string) => {
    const res = await httpJson<{ comment: ThreadComment }>(route('comments.store'), {
      method: 'POST',
      body: { subjectType, subjectId, body },
    });
    setData((d) => (d ? { ...d, comments: upsert(d.comments, res.comment) } : d));
  };
  const edit = async (id: string, body: string) => {
    const res = await httpJson<{ comment: ThreadComment }>(
      route('comments.update', { comment: id }),
      { method: 'PUT', body: { body } },
    );
    setData((d) => (d ? { ...d, comments: upsert(d.comments, res.comment) } : d));
  };
  const remove = async (id: string) => {
    await httpJson(route('comments.destroy', { comment: id }), { method: 'DELETE' });
    setData((d) => (d ? { ...d, comments: d.comments.filter((x) => x.id !== id) } : d));
  };

  return { data, loadError, reload, add, edit, remove };
}
