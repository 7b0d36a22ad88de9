import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1: records what it gets and answers the status it is told */
export interface FakeReceiver {
  url: string;
  received: Received[];
  /** the HTTP status of the next answers (default 200) */
  answer(status: number, body?: string): void;
  close(): Promise<void>;
}

export async function fakeReceiver(): Promise<FakeReceiver> {
  const received: Received[] = [];
  let status = 200;
  let text = '{"ok":true}';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(s, b = '{"ok":true}') {
      status = s;
      text = b;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** What a receiver does with `Pathways-Signature`: the HMAC of "t.body" with the secret */
export function verifySignature(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
