/**
 * The HTTP write harness itself, against a stand-in server that speaks the register protocol
 * (XSRF cookie echoed as a header, 303 on success, 303 back to the form on errors). The real
 * route is exercised by sigkill.int.test.ts once the accounts module provides it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { registerScenario, streamWrites } from './acked-writes.js';

let server: Server;
let base = '';
const stored = new Set<string>();
let refuseFrom = Infinity;
let posts = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/register') return res.writeHead(404).end();
    if (req.method === 'GET')
      return res.writeHead(200, { 'set-cookie': 'XSRF-TOKEN=abc%3D%3D; Path=/' }).end('form');
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      posts += 1;
      const cookieOk =
        /XSRF-TOKEN=abc%3D%3D/.test(req.headers.cookie ?? '') &&
        req.headers['x-xsrf-token'] === 'abc==';
      const b = JSON.parse(body) as {
        email: string;
        password: string;
        password_confirmation: string;
        terms: boolean;
      };
      if (!cookieOk) return res.writeHead(419).end();
      if (posts >= refuseFrom || b.password !== b.password_confirmation || b.terms !== true)
        return res.writeHead(303, { location: '/register' }).end();
      stored.add(b.email);
      res.writeHead(303, { location: '/dashboard' }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('acknowledges only writes the server accepted, and stops when told', async () => {
  expect(await registerScenario.available(base)).toBe(true);
  refuseFrom = 7; // the 7th and later posts are sent back to the form
  let stop = false;
  const r = await streamWrites(base, registerScenario, {
    concurrency: 1,
    max: 10,
    stopped: () => stop,
    onAck: (acked) => {
      if (acked.length >= 9) stop = true;
    },
  });
  expect(r.attempted).toBe(10);
  expect(r.acked).toHaveLength(6);
  expect(r.refused).toBe(4);
  expect(r.acked.every((e) => stored.has(e))).toBe(true);
});

it('a connection that dies is not an acknowledgement', async () => {
  expect(await registerScenario.write('http://127.0.0.1:1', 0)).toBeNull();
  expect(await registerScenario.available(`${base}/nope`).catch(() => false)).toBe(false);
});
