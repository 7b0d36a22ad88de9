import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveOutbound, type OutboundPolicy } from '../../platform/net/outbound.js';
import { CONNECTOR_MAX_BYTES } from '../../../shared/connectors/connectors.constants.js';

export type RemoteFailure = 'refused' | 'dns' | 'network' | 'auth' | 'not-found' | 'protocol';

/** A remote call that failed, with a message a user can act on (never a token) */
export class ConnectorError extends Error {
  constructor(
    readonly kind: RemoteFailure,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/**
 * One request to a remote service: the host resolved and checked against the outbound policy
 * (platform/net), the connection made to the checked address (no second lookup), a timeout and
 * a size limit on the answer; redirects are not followed.
 */
export async function requestJson(
  target: string,
  policy: OutboundPolicy,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<unknown> {
  const u = new URL(target);
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new ConnectorError('protocol', 'Only http:// and https:// addresses are read.');
  const resolved = await resolveOutbound(u.hostname, policy);
  if (!resolved.ok) throw new ConnectorError(resolved.kind, resolved.message);
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: resolved.address, family: resolved.family },
      ]);
    else cb(null, resolved.address, resolved.family);
  };
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: opts.method ?? 'GET',
        lookup,
        timeout: TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          'user-agent': 'Pathways connector',
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > CONNECTOR_MAX_BYTES) {
            req.destroy();
            reject(
              new ConnectorError('protocol', 'The service answered with more data than allowed.'),
            );
          } else chunks.push(c);
        });
        res.on('end', () => {
          if (status === 401 || status === 403)
            return reject(
              new ConnectorError(
                'auth',
                'The service refused the credentials (HTTP ' +
                  status +
                  '): check the token or password.',
              ),
            );
          if (status === 404)
            return reject(
              new ConnectorError('not-found', 'The service has no such address (HTTP 404).'),
            );
          if (status < 200 || status >= 300)
            return reject(new ConnectorError('network', `The service answered HTTP ${status}.`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new ConnectorError('protocol', 'The service did not answer with JSON.'));
          }
        });
        res.on('error', () =>
          reject(new ConnectorError('network', 'The connection to the service broke.')),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy();
      reject(new ConnectorError('network', 'The service did not answer in time.'));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err instanceof ConnectorError
          ? err
          : new ConnectorError(
              'network',
              `The service could not be reached (${err.code ?? 'connection error'}).`,
            ),
      ),
    );
    if (opts.body) req.write(opts.body);
    req.end();
  });
}
