import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { createUser, signIn, signedInUser } from '../../../../test/helpers/auth.js';
import type { Database } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { PASSWORD_INCORRECT } from './confirm-password.routes.js';
import { safeLocalPath } from '../../platform/http/intended.js';
import { from, guest } from './test-support.js';

let app: FastifyInstance;
let database: Database;

// the app plus two sensitive routes standing in for the real ones (delete team, API tokens, ...)
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
    config: { appKey: TEST_APP_KEY },
    assets: { version: 'test', dev: false, headTags: '' },
  });
  app.get(
    '/sensitive',
    { config: { name: 'test.sensitive', access: { kind: 'verified', confirmPassword: true } } },
    async () => ({ ok: true }),
  );
  app.post(
    '/sensitive',
    {
      config: { name: 'test.sensitive.store', access: { kind: 'verified', confirmPassword: true } },
    },
    async () => ({ done: true }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const confirmedAt = async (id: string) =>
  (
    await app.ctx.db.select({ at: users.passwordConfirmedAt }).from(users).where(eq(users.id, id))
  )[0].at;

describe('password confirmation', () => {
  it('asks for the password, then returns to the page the user wanted', async () => {
    const { user, client } = await signedInUser(app);
    const blocked = await client.get('/sensitive?tab=2');
    expect(blocked.statusCode).toBe(302);
    expect(blocked.headers.location).toBe('/user/confirm-password');
    const page = await client.page('/user/confirm-password');
    expect(page.component).toBe('auth/confirm-password');

    // a wrong password first: the field says so, nothing is stamped, the target is kept
    await client.post(
      '/user/confirm-password',
      { password: 'not-my-password' },
      from('/user/confirm-password'),
    );
    expect((await client.page('/user/confirm-password')).props.errors).toEqual({
      password: PASSWORD_INCORRECT,
    });
    expect(await confirmedAt(user.id)).toBeNull();

    const res = await client.post('/user/confirm-password', { password: user.password });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sensitive?tab=2');
    expect((await confirmedAt(user.id))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const ok = await client.get('/sensitive?tab=2', { accept: 'application/json' });
    expect(ok.statusCode).toBe(200);
  });

  it('goes back to the referring page after a blocked post, and to the dashboard without a target', async () => {
    const { user, client } = await signedInUser(app);
    const blocked = await client.post('/sensitive', {}, from('/teams/abc'));
    expect(blocked.statusCode).toBe(303);
    expect(blocked.headers.location).toBe('/user/confirm-password');
    await client.get('/user/confirm-password');
    expect(
      (await client.post('/user/confirm-password', { password: user.password })).headers.location,
    ).toBe('/teams/abc');

    const other = await signedInUser(app);
    expect(
      (await other.client.post('/user/confirm-password', { password: other.user.password })).headers
        .location,
    ).toBe('/dashboard');
  });

  it('lasts 3 hours: a confirmation 4 hours old asks again', async () => {
    const { user, client } = await signedInUser(app);
    await app.ctx.db
      .update(users)
      .set({ passwordConfirmedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(users.id, user.id));
    expect((await client.get('/sensitive', { accept: 'application/json' })).statusCode).toBe(200);
    await app.ctx.db
      .update(users)
      .set({ passwordConfirmedAt: new Date(Date.now() - 4 * 3600_000) })
      .where(eq(users.id, user.id));
    expect((await client.get('/sensitive')).headers.location).toBe('/user/confirm-password');
  });

  it('needs a session and the CSRF token, and refuses bad input', async () => {
    expect((await guest(app).get('/user/confirm-password')).headers.location).toBe('/login');
    const { user, client } = await signedInUser(app);
    expect(
      (
        await client.post(
          '/user/confirm-password',
          { password: user.password },
          { 'x-xsrf-token': '' },
        )
      ).statusCode,
    ).toBe(419);
    await client.post(
      '/user/confirm-password',
      { password: '', extra: 1 },
      from('/user/confirm-password'),
    );
    expect((await client.page('/user/confirm-password')).props.errors).toEqual({
      password: 'Please enter your password.',
      extra: "Unknown field 'extra'.",
    });
    expect(await confirmedAt(user.id)).toBeNull();
  });

  it('is limited to 5 attempts a minute per user (429)', async () => {
    const user = await createUser(app);
    const client = await signIn(app, user);
    for (let i = 0; i < 5; i++)
      await client.post(
        '/user/confirm-password',
        { password: `guess-${i}-password` },
        from('/user/confirm-password'),
      );
    const res = await client.post('/user/confirm-password', { password: user.password });
    expect(res.statusCode).toBe(429);
    expect(await confirmedAt(user.id)).toBeNull();
  });

  it('never redirects off-site', () => {
    const app = 'http://localhost:3000';
    expect(safeLocalPath('/teams/1?x=1', app, 'localhost:3000')).toBe('/teams/1?x=1');
    expect(safeLocalPath('http://localhost:3000/a', app, 'localhost:3000')).toBe('/a');
    expect(safeLocalPath('https://evil.example/a', app, 'localhost:3000')).toBeNull();
    expect(safeLocalPath('//evil.example/a', app, 'localhost:3000')).toBeNull();
    expect(safeLocalPath('/\\evil.example', app, 'localhost:3000')).toBeNull();
    expect(safeLocalPath(42, app, 'localhost:3000')).toBeNull();
  });
});
