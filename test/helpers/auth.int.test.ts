import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { createUser, signedInUser } from './auth.js';
import { TestClient } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a signed-in verified user reaches the dashboard; an unverified one is sent to the notice; a guest to login', async () => {
  const { client } = await signedInUser(t.app);
  const page = await client.page('/dashboard');
  expect(page.component).toBe('dashboard');
  expect(page.props.auth.user.email).toMatch(/@example.org$/);

  const unverified = await createUser(t.app, { verified: false });
  const { signIn } = await import('./auth.js');
  const c2 = await signIn(t.app, unverified);
  const r2 = await c2.get('/dashboard');
  expect(r2.statusCode).toBe(302);
  expect(r2.headers.location).toBe('/verify-email');

  const r3 = await new TestClient(t.app).get('/dashboard');
  expect(r3.headers.location).toBe('/login');
});
