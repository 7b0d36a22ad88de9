import { useEffect, useRef } from 'react';
import type Echo from 'laravel-echo';
import { acquireChannel, disconnectEcho, getEcho, releaseChannel } from '../lib/echo';
import { useShared } from './use-shared';

/** The page's live connection, or null when nobody is signed in. */
export function useEcho(): Echo<'pusher'> | null {
  const { app, auth } = useShared();
  const signedIn = Boolean(auth.user);
  useEffect(() => {
    if (!signedIn) disconnectEcho();
  }, [signedIn]);
  return signedIn ? getEcho(app.pusher) : null;
}

/**
 * Listen for `event` on a channel (full Pusher name, e.g. 'private-user.{id}') while mounted.
 * The handler may change between renders without resubscribing. Pass null to listen to nothing.
 */
export function useChannel<T = unknown>(name: string | null, event: string, handler: (data: T) => void) {
  const echo = useEcho();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!echo || !name) return;
    const channel = acquireChannel(echo, name);
    // a leading dot: the event name as published, without Laravel's namespace prefix
    const listener = (data: T) => ref.current(data);
    channel.listen(`.${event}`, listener);
    return () => {
      channel.stopListening(`.${event}`, listener);
      releaseChannel(echo, name);
    };
  }, [echo, name, event]);
}
