import { useEffect, useRef, useState } from 'react';
import type Echo from 'laravel-echo';
import { useShared } from './use-shared';

type EchoLib = Pick<
  typeof import('../lib/echo'),
  'getEcho' | 'disconnectEcho' | 'acquireChannel' | 'releaseChannel'
>;

// laravel-echo + pusher-js are their own chunk, fetched once a signed-in page has rendered: guest pages
// never download them, signed-in pages paint without waiting for them
let echoLib: EchoLib | null = null;
let loading: Promise<EchoLib> | null = null;
function loadEchoLib(): Promise<EchoLib> {
  loading ??= import('../lib/echo').then(
    ({ getEcho, disconnectEcho, acquireChannel, releaseChannel }) =>
      (echoLib = { getEcho, disconnectEcho, acquireChannel, releaseChannel }),
    (err: unknown) => {
      loading = null; // the next signed-in page tries again
      throw err;
    },
  );
  return loading;
}

/** The page's live connection: null when nobody is signed in, and until the client has loaded after the first render. */
function useEcho(): Echo<'pusher'> | null {
  const { app, auth } = useShared();
  const signedIn = Boolean(auth.user);
  const config = JSON.stringify(app.pusher);
  const [echo, setEcho] = useState<Echo<'pusher'> | null>(() =>
    signedIn && echoLib ? echoLib.getEcho(app.pusher) : null,
  );
  useEffect(() => {
    if (!signedIn) {
      echoLib?.disconnectEcho();
      setEcho(null);
      return;
    }
    let live = true;
    loadEchoLib().then(
      (lib) => live && setEcho(lib.getEcho(JSON.parse(config) as typeof app.pusher)),
      (err: unknown) => console.error('Could not load the live channel client', err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one connection per sign-in and config; `app` is read once when connecting
  }, [signedIn, config]);
  return signedIn ? echo : null;
}

/**
 * Listen for `event` on a channel (full Pusher name, e.g. 'private-user.{id}') while mounted.
 * The handler may change between renders without resubscribing. Pass null to listen to nothing.
 *
 * `onSubscribed` runs each time the server confirms the subscription: the first time (events
 * published between the page's props and this moment reached no one) and after a lost connection
 * came back (pusher-js subscribes again; what was published meanwhile was missed). A page whose
 * props a missed event would change passes its catch-up here, e.g. a partial reload.
 */
export function useChannel<T = unknown>(
  name: string | null,
  event: string,
  handler: (data: T) => void,
  opts: { onSubscribed?: () => void } = {},
) {
  const echo = useEcho();
  const ref = useRef(handler);
  ref.current = handler;
  const subscribedRef = useRef(opts.onSubscribed);
  subscribedRef.current = opts.onSubscribed;
  const catchUp = Boolean(opts.onSubscribed);
  useEffect(() => {
    // a connection exists only once the client library has loaded
    if (!echo || !name || !echoLib) return;
    const lib = echoLib;
    const channel = lib.acquireChannel(echo, name);
    // a leading dot: the event name as published, without Laravel's namespace prefix
    const listener = (data: T) => ref.current(data);
    channel.listen(`.${event}`, listener);
    const subscribed = () => subscribedRef.current?.();
    if (catchUp) channel.listen(`.${SUBSCRIBED}`, subscribed);
    return () => {
      channel.stopListening(`.${event}`, listener);
      if (catchUp) channel.stopListening(`.${SUBSCRIBED}`, subscribed);
      lib.releaseChannel(echo, name);
    };
  }, [echo, name, event, catchUp]);
}

/** pusher-js's event on a channel once the server has confirmed a (re)subscription */
const SUBSCRIBED = 'pusher:subscription_succeeded';
