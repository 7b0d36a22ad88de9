import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';

const lines: Array<{ level: number; msg: string }> = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    build: { logger: undefined, logStream: stream },
  });
});
afterAll(() => t.close());

it("routes Better Auth's log lines into our logger, a stranger's wrong API key at debug level, not error", async () => {
  const res = await t.app.inject({
    url: '/api/v1/me',
    headers: { authorization: `Bearer pw_${'x'.repeat(64)}` },
  });
  expect(res.statusCode).toBe(401);
  const auth = lines.filter((l) => l.msg?.startsWith('[auth]'));
  expect(auth.some((l) => /API key/i.test(l.msg))).toBe(true);
  expect(auth.filter((l) => /API key/i.test(l.msg) && l.level >= 50)).toEqual([]);
});
