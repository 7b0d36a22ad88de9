/**
 * Bad input beyond the route walk (which is in `bad-input-routes-N-of-4.int.test.ts`): junk
 * answers inside repeat instances on the routes that take answers, and the bad-input runner's own
 * proof that it catches what it is meant to catch, on synthetic routes with a bug each.
 * BAD_INPUT_RUNS sets the runs per route (CI default 100 per pass, 200 per CI run; local 30).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/server/app.js';
import { notifications } from '../../src/server/modules/notifications/notifications.tables.js';
import { parseInput } from '../../src/server/platform/http/validate.js';
import { createTestApp, TEST_APP_KEY } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { BadInputRunner, RUNS } from './bad-input-runner.js';
import { SAFE_METHODS } from './bad-input-routes.js';
import { DOMAIN_ANSWER_PATHS } from './domains/index.js';
import { junkInRepeat } from './domains/forms.js';

describe('junk answers inside repeat instances', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const runner = await new BadInputRunner(t.app).init();
  for (const [name, target] of Object.entries(DOMAIN_ANSWER_PATHS)) {
    const route = t.app.ctx.routes.byName.get(name)!;
    const method = route.methods.find((m) => !SAFE_METHODS.has(m))!;
    it(`${name}: refused on the instance path, never a 5xx, nothing stored`, async () => {
      expect(await runner.answerPaths(route, method, target, junkInRepeat)).toBeUndefined();
    }, 600_000);
  }
});

describe('the bad-input runner on synthetic routes', async () => {
  const database = await freshDatabase();
  const app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
    config: { appKey: TEST_APP_KEY },
    assets: { version: 'test', dev: false, headTags: '' },
  });
  const schema = z
    .object({ title: z.string().trim().min(1, 'Give it a title.').max(200) })
    .strict();
  const store = (title: string, userId: string) =>
    app.ctx.db.insert(notifications).values({ userId, type: 'selftest', title });
  const access = { kind: 'verified' } as const;
  app.post(
    '/selftest/good',
    { config: { name: 'selftest.good', access } },
    async (request, reply) => {
      const input = parseInput(schema, request.body);
      await store(input.title, request.actor!.user.id);
      return reply.redirect('/dashboard', 303);
    },
  );
  // BUG on purpose: unknown fields pass (no .strict())
  app.post(
    '/selftest/sloppy',
    { config: { name: 'selftest.sloppy', access } },
    async (request, reply) => {
      parseInput(z.object({ title: z.string().optional() }), request.body);
      return reply.redirect('/dashboard', 303);
    },
  );
  // BUG on purpose: writes before validating
  app.post(
    '/selftest/half-write',
    { config: { name: 'selftest.half-write', access } },
    async (request, reply) => {
      await store('before validation', request.actor!.user.id);
      const input = parseInput(schema, request.body);
      await store(input.title, request.actor!.user.id);
      return reply.redirect('/dashboard', 303);
    },
  );
  // BUG on purpose: trusts the body's shape
  app.post(
    '/selftest/crash',
    { config: { name: 'selftest.crash', access } },
    async (request, reply) => {
      const raw = request.body as { title: { trim(): string } };
      const input = parseInput(schema, { ...raw, title: raw.title.trim() });
      await store(input.title, request.actor!.user.id);
      return reply.redirect('/dashboard', 303);
    },
  );
  app.post(
    '/selftest/logout-like',
    { config: { name: 'selftest.logout-like', access } },
    async (_request, reply) => reply.redirect('/', 303),
  );
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const runner = await new BadInputRunner(app).init();
  const route = (name: string) => app.ctx.routes.byName.get(name)!;
  const runs = Math.min(RUNS, 25);

  it('passes a strict, transactional route (including NUL bytes and huge strings in known fields)', async () => {
    expect(await runner.fixedCases(route('selftest.good'), 'POST', true)).toEqual([]);
    expect(await runner.strictness(route('selftest.good'), 'POST')).toBeUndefined();
    expect(await runner.invalidBodies(route('selftest.good'), 'POST', runs)).toBeUndefined();
    expect(await runner.plausibleBodies(route('selftest.good'), 'POST', runs)).toBeUndefined();
    // a NUL passes the schema but PostgreSQL text refuses it: a 400, not a 500
    const nul = await runner.world.members.owner.client.post('/selftest/good', {
      title: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
  });

  it('passes a route without a body when it is marked so', async () => {
    expect(await runner.fixedCases(route('selftest.logout-like'), 'POST', false)).toEqual([]);
  });

  it('catches a schema that lets unknown fields through', async () => {
    expect(await runner.strictness(route('selftest.sloppy'), 'POST')).toMatch(
      /accepted an unknown field/,
    );
    expect(await runner.invalidBodies(route('selftest.sloppy'), 'POST', runs)).toMatch(
      /accepted an invalid body/,
    );
  });

  it('catches a write made before validation', async () => {
    expect(await runner.invalidBodies(route('selftest.half-write'), 'POST', runs)).toMatch(
      /refused but wrote rows: notifications/,
    );
  });

  it('catches a handler that crashes on an unexpected shape', async () => {
    expect(await runner.invalidBodies(route('selftest.crash'), 'POST', runs)).toMatch(
      /server error 500/,
    );
  });
});
