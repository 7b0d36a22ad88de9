import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { createTestApp } from '../helpers/app.js';
import { BadInputRunner } from './bad-input-runner.js';
import { ROUTE_EXPECTATIONS } from './route-expectations.js';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const targets = (routes: RouteEntry[]) =>
  routes
    .filter((r) => r.access.kind !== 'signed')
    .flatMap((r) =>
      r.methods.filter((m) => !SAFE_METHODS.has(m)).map((method) => ({ route: r, method })),
    )
    .sort((a, b) => a.route.name.localeCompare(b.route.name));

/**
 * Bad input on every state-changing route (discovered from the route registry), in `shards`
 * parts: shard `shard` takes every `shards`-th route of the sorted list. The parts are separate
 * test files (`bad-input-routes-N-of-M.int.test.ts`) so the two workers share them; together they
 * cover every route, and the first one fails when a route is missing from the matrix.
 */
export function badInputOnRoutes(shard: number, shards: number) {
  describe(`bad input on every state-changing route (part ${shard} of ${shards})`, async () => {
    const t = await createTestApp();
    afterAll(() => t.close());
    const runner = await new BadInputRunner(t.app).init();
    const all = targets(t.app.ctx.routes.all());
    const list = all.filter((_, i) => i % shards === shard - 1);

    if (shard === 1)
      it(`found the state-changing routes (${all.length}); each is in the matrix`, () => {
        expect(
          all
            .filter(({ route }) => !ROUTE_EXPECTATIONS[route.name])
            .map(({ route }) => `route ${route.name} is not in the authorization matrix`),
        ).toEqual([]);
      });

    it(`has its share of the routes (${list.length} of ${all.length})`, () => {
      expect(list.length).toBeGreaterThan(0);
    });

    for (const { route, method } of list) {
      const noBody = ROUTE_EXPECTATIONS[route.name]?.noBody;
      it(`${route.name}: ${method} ${route.url}${noBody ? ' (no body)' : ''}`, async () => {
        const problems = await runner.fixedCases(route, method, !noBody);
        if (!noBody) {
          const strict = await runner.strictness(route, method);
          if (strict) problems.push(strict);
          else {
            const invalid = await runner.invalidBodies(route, method);
            if (invalid) problems.push(invalid);
          }
          const plausible = await runner.plausibleBodies(route, method);
          if (plausible) problems.push(plausible);
        }
        expect(problems).toEqual([]);
      }, 600_000);
    }
  });
}
