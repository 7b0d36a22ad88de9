import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRouteTable } from '@shared/route';
import { echoOptions, xsrfToken } from './echo';

const g = globalThis as unknown as { window?: unknown; document?: unknown };
const base = {
  key: 'app-key',
  cluster: 'ap2',
  external: false,
  host: null,
  port: null,
  forceTLS: true,
};

function page(href: string, cookie = '') {
  const url = new URL(href);
  g.window = { location: { protocol: url.protocol, hostname: url.hostname, port: url.port } };
  g.document = { cookie };
}

beforeEach(() =>
  setRouteTable({
    'broadcasting.auth': {
      uri: '/broadcasting/auth',
      methods: ['POST'],
      parameters: [],
      wheres: {},
    },
  }),
);
afterEach(() => {
  delete g.window;
  delete g.document;
});

describe('echoOptions', () => {
  it('embedded over http: this host and port, no TLS, websocket transports only, pusher broadcaster with cluster ap2 and encryption on', () => {
    page('http://localhost:3000/dashboard', 'a=1; XSRF-TOKEN=abc%3D.sig');
    const o = echoOptions(base);
    expect(o).toMatchObject({
      broadcaster: 'pusher',
      key: 'app-key',
      cluster: 'ap2',
      encrypted: true,
      wsHost: 'localhost',
      wsPort: 3000,
      wssPort: 3000,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: '/broadcasting/auth',
    });
    expect(o.auth.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': 'abc=.sig',
    });
    expect(o.channelAuthorization.headersProvider()).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': 'abc=.sig',
    });
  });

  it('embedded over https on the default port: TLS on port 443', () => {
    page('https://pathways.example.org/x');
    expect(echoOptions(base)).toMatchObject({
      wsHost: 'pathways.example.org',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
    });
  });

  it('external service by host (Soketi/Reverb) or by Pusher cluster', () => {
    page('https://app.example.org/');
    expect(
      echoOptions({ ...base, external: true, host: 'ws.example.org', port: 6001, forceTLS: false }),
    ).toMatchObject({ wsHost: 'ws.example.org', wsPort: 6001, wssPort: 6001, forceTLS: false });
    const cluster = echoOptions({ ...base, external: true, cluster: 'eu' });
    expect(cluster).toMatchObject({ cluster: 'eu', forceTLS: true });
    expect('wsHost' in cluster).toBe(false);
  });

  it('reads the XSRF cookie, or nothing', () => {
    page('http://localhost/', 'XSRF-TOKEN=t1');
    expect(xsrfToken()).toBe('t1');
    page('http://localhost/', 'other=1');
    expect(xsrfToken()).toBe('');
  });
});
