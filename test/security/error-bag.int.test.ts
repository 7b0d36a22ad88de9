/**
 * Validation errors go under the X-Inertia-Error-Bag the request named, on EVERY state-changing
 * Inertia route (issue 8, item 9: a failed sign-in answered them flat). Each route gets a body with
 * a field it does not declare (refused by its strict schema, nothing written) and the bag header;
 * the errors flashed for the next page must be grouped under the bag.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { createTestApp } from '../helpers/app.js';
import { describeResponse, fillUrl, flashOf } from './probe.js';
import { ROUTE_EXPECTATIONS } from './route-expectations.js';
import { buildWorld, RotatingIpClient, worldIntact, type World } from './world.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const BAG = 'someForm';

const targets = (routes: RouteEntry[]) =>
  routes
    .filter(
      (r) =>
        r.access.kind !== 'signed' &&
        r.access.kind !== 'api' &&
        !ROUTE_EXPECTATIONS[r.name]?.noBody,
    )
    .flatMap((r) => r.methods.filter((m) => !SAFE.has(m)).map((method) => ({ route: r, method })))
    .sort((a, b) => a.route.name.localeCompare(b.route.name));

describe('error bags on every state-changing route', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  let world: World = await buildWorld(t.app);
  const list = targets(t.app.ctx.routes.all());

  it(`found the routes (${list.length})`, () => expect(list.length).toBeGreaterThan(10));

  for (const { route, method } of list) {
    it(`${route.name}: ${method} ${route.url}`, async () => {
      if (!(await worldIntact(world))) world = await buildWorld(t.app);
      const client =
        route.access.kind === 'guest' ? new RotatingIpClient(t.app) : world.members.owner.client;
      const url = await fillUrl(route, { world, self: world.members.owner });
      const res = await client.request(method, url, JSON.stringify({ zz_probe_unknown_field: 1 }), {
        'content-type': 'application/json',
        'x-inertia-error-bag': BAG,
        referer: 'http://localhost:3000/dashboard',
        host: 'localhost:3000',
      });
      if (res.statusCode !== 303 && res.statusCode !== 302) {
        // a JSON endpoint (comments, ...) answers 4xx problem JSON: no bag involved, but never a success
        expect(res.statusCode, describeResponse(res)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, describeResponse(res)).toBeLessThan(500);
        return;
      }
      const flash = flashOf(res);
      // refused before reading the body (e.g. two-factor is not on): a flashed message, no field errors
      if (flash?.error && !flash.errors) return;
      const errors = flash?.errors as Record<string, unknown> | undefined;
      expect(
        errors && Object.keys(errors),
        `${method} ${url}: ${describeResponse(res)} flashed no errors`,
      ).toEqual([BAG]);
      expect(Object.keys(errors![BAG] as object).length).toBeGreaterThan(0);
    }, 60_000);
  }
});
