import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  allowListed,
  pinnedLookup,
  resolveOutbound,
  type OutboundPolicy,
} from '../../platform/net/outbound.js';
import {
  WEBHOOK_RESPONSE_KEEP,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/webhooks/webhooks.constants.js';

/** `Pathways-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme) */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What one attempt got: an HTTP status and the start of the answer, or why nothing came back */
export interface PostOutcome {
  ok: boolean;
  httpStatus: number | null;
  response: string;
}

const cut = (s: string) =>
  s.length > WEBHOOK_RESPONSE_KEEP ? s.slice(0, WEBHOOK_RESPONSE_KEEP) : s;

/**
 * The checked address of a receiver under the operator's outbound policy, or why it is refused:
 * private and metadata addresses (platform/net), and plain http:// to anything the operator's
 * allow list does not name (a signed payload is not sent in the clear).
 */
async function checkTarget(u: URL, policy: OutboundPolicy) {
  const resolved = await resolveOutbound(u.hostname, policy);
  if (!resolved.ok) return resolved;
  if (u.protocol === 'http:' && !allowListed(resolved.address, policy))
    return {
      ok: false as const,
      message: 'Use an https:// address: events are not sent unencrypted.',
    };
  return resolved;
}

/** Why an address may not receive webhooks, or null when it may */
export async function refusedTarget(
  target: string,
  policy: OutboundPolicy,
): Promise<string | null> {
  const checked = await checkTarget(new URL(target), policy);
  return checked.ok ? null : checked.message;
}

/**
 * POST a JSON body to a receiver: its host resolved and checked again now (platform/net), the
 * socket pinned to the checked address, no redirects followed, 10 s for the whole answer, at
 * most 2 KB of the answer kept. Never throws: a failure is an outcome.
 */
export async function postWebhook(
  target: string,
  policy: OutboundPolicy,
  body: string,
  headers: Record<string, string>,
): Promise<PostOutcome> {
  const u = new URL(target);
  const resolved = await checkTarget(u, policy);
  if (!resolved.ok) return { ok: false, httpStatus: null, response: resolved.message };
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = lib.request(
      u,
      {
        method: 'POST',
        lookup: pinnedLookup(resolved),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Pathways webhooks',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (kept.length < WEBHOOK_RESPONSE_KEEP) kept += c;
        });
        res.on('end', () =>
          done({ ok: status >= 200 && status < 300, httpStatus: status, response: cut(kept) }),
        );
        res.on('error', () =>
          done({ ok: false, httpStatus: status, response: 'The connection broke mid-answer.' }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({
        ok: false,
        httpStatus: null,
        response: `The receiver did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`,
      });
    }, WEBHOOK_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({
        ok: false,
        httpStatus: null,
        response: `The receiver could not be reached (${err.code ?? 'connection error'}).`,
      }),
    );
    req.end(body);
  });
}
