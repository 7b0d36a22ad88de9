import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { route } from '@shared/route';
import { channelKind } from '@shared/realtime/channels';
import type { SharedProps } from '@shared/shared-props';

type PusherConfig = SharedProps['app']['pusher'];
type AnyChannel = ReturnType<Echo<'pusher'>['channel']>;

/** The XSRF-TOKEN cookie, echoed as X-XSRF-TOKEN (pusher-js does not do it by itself). */
export function xsrfToken(): string {
  const m = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : '';
}

function authHeaders() {
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrfToken() };
}

/**
 * Echo's options. Embedded mode talks to this very server (/app/:key on the page's host and
 * port, TLS when the page is on https); external mode to the configured Pusher-compatible
 * service (a host for Soketi/Reverb, else Pusher's cluster).
 */
export function echoOptions(cfg: PusherConfig) {
  const authEndpoint = route('broadcasting.auth');
  const common = {
    broadcaster: 'pusher' as const,
    key: cfg.key,
    cluster: cfg.cluster || 'ap2',
    encrypted: true,
    authEndpoint,
    auth: { headers: authHeaders() },
    // read the cookie on every authorization, so a renewed token is picked up
    channelAuthorization: {
      endpoint: authEndpoint,
      transport: 'ajax' as const,
      headers: {},
      headersProvider: authHeaders,
    },
    Pusher,
  };
  if (!cfg.external) {
    const https = window.location.protocol === 'https:';
    const port = Number(window.location.port) || (https ? 443 : 80);
    return {
      ...common,
      wsHost: window.location.hostname,
      wsPort: port,
      wssPort: port,
      forceTLS: https,
      enabledTransports: ['ws', 'wss'] as Array<'ws' | 'wss'>,
    };
  }
  if (cfg.host) {
    const port = cfg.port ?? (cfg.forceTLS ? 443 : 80);
    return {
      ...common,
      wsHost: cfg.host,
      wsPort: port,
      wssPort: port,
      forceTLS: cfg.forceTLS,
      enabledTransports: ['ws', 'wss'] as Array<'ws' | 'wss'>,
    };
  }
  return { ...common, forceTLS: cfg.forceTLS };
}

let echo: Echo<'pusher'> | null = null;
let echoKey = '';
const refs = new Map<string, number>();

/** The one Echo connection of this page (created on first use; pusher-js reconnects by itself). */
export function getEcho(cfg: PusherConfig): Echo<'pusher'> {
  const id = JSON.stringify(cfg);
  if (echo && echoKey === id) return echo;
  disconnectEcho();
  echo = new Echo<'pusher'>(echoOptions(cfg));
  echoKey = id;
  echo.connector.pusher.connection.bind(
    'state_change',
    ({ previous, current }: { previous: string; current: string }) => {
      if (current === 'connected') console.info('Live channel connected');
      else if (previous === 'connected') console.info('Live channel disconnected');
    },
  );
  return echo;
}

/** Drop the connection (after sign-out, or when the settings change). */
export function disconnectEcho() {
  if (!echo) return;
  echo.disconnect();
  echo = null;
  echoKey = '';
  refs.clear();
}

/**
 * Subscribe by full Pusher channel name ('private-user.1', 'presence-team.2', 'news'),
 * counting users so one component leaving does not unsubscribe another.
 */
export function acquireChannel(e: Echo<'pusher'>, name: string): AnyChannel {
  refs.set(name, (refs.get(name) ?? 0) + 1);
  const kind = channelKind(name);
  if (kind === 'presence') return e.join(name.slice('presence-'.length)) as unknown as AnyChannel;
  if (kind === 'private') return e.private(name.slice('private-'.length)) as unknown as AnyChannel;
  return e.channel(name);
}

export function releaseChannel(e: Echo<'pusher'>, name: string) {
  const n = (refs.get(name) ?? 1) - 1;
  if (n > 0) return void refs.set(name, n);
  refs.delete(name);
  if (e === echo) e.leaveChannel(name);
}
