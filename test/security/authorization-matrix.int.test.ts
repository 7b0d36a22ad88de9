/**
 * @runs-long: started first (test/sequencer.ts)
 * The authorization matrix: every registered route x every method x every kind of caller.
 * Routes come from app.ctx.routes.all(), so routes added later are covered without edits here;
 * they only need a line in route-expectations.ts (and a fixture for a new URL parameter).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { createTestApp } from '../helpers/app.js';
import { Matrix } from './matrix.js';
import { accessString, notInMatrixMessage, ROUTE_EXPECTATIONS } from './route-expectations.js';
import { fixtureFor, missingFixtureMessage } from './route-fixtures.js';

const t = await createTestApp();
afterAll(() => t.close());
const routes: RouteEntry[] = t.app.ctx.routes.all().sort((a, b) => a.name.localeCompare(b.name));
const matrix = await new Matrix(t.app).init();
const HINT =
  'add an override (with its reason) in test/security/route-expectations.ts only if the handler deliberately differs';

describe('authorization matrix', () => {
  it('has an expectation for every route, pinned to its declared access', () => {
    const problems: string[] = [];
    for (const r of routes) {
      const exp = ROUTE_EXPECTATIONS[r.name];
      if (!exp) problems.push(notInMatrixMessage(r.name, r.url, r.methods, r.access));
      else if (exp.access !== accessString(r.access))
        problems.push(
          `route ${r.name} declares access '${accessString(r.access)}' but the authorization matrix pins '${exp.access}': change the route or (after review) test/security/route-expectations.ts`,
        );
    }
    // entries for routes not registered here (another branch's, or renamed): reported, not failed
    const names = new Set(routes.map((r) => r.name));
    const stale = Object.keys(ROUTE_EXPECTATIONS).filter((name) => !names.has(name));
    if (stale.length)
      console.warn(
        `authorization matrix: no registered route for ${stale.length} entries (${stale.join(', ')}): remove or rename them once their branches are merged`,
      );
    expect(problems).toEqual([]);
  });

  it('has a fixture for every URL parameter', () => {
    const problems = routes.flatMap((r) =>
      r.parameters
        .filter((p) => !fixtureFor(r.name, p))
        .map((p) => missingFixtureMessage(r.name, r.url, p)),
    );
    expect(problems).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.name}: ${route.methods.join(',')} ${route.url} [${accessString(route.access)}]`, async () => {
      const exp = ROUTE_EXPECTATIONS[route.name];
      if (!exp)
        throw new Error(notInMatrixMessage(route.name, route.url, route.methods, route.access));
      expect(await matrix.checkRoute(route, exp), HINT).toEqual([]);
    }, 180_000);
  }

  const sensitive = routes.filter(
    (r) => (r.access.kind === 'verified' || r.access.kind === 'team') && r.access.confirmPassword,
  );
  for (const route of sensitive) {
    it(`${route.name}: asks for the password first when it was not confirmed recently`, async () => {
      expect(await matrix.checkConfirmPassword(route)).toEqual([]);
    });
  }

  const stateChanging = routes.filter(
    (r) =>
      r.access.kind !== 'signed' &&
      r.access.kind !== 'api' &&
      !ROUTE_EXPECTATIONS[r.name]?.csrfExempt &&
      r.methods.some((m) => m !== 'GET'),
  );
  for (const route of stateChanging) {
    it(`${route.name}: answers 419 without a valid XSRF token`, async () => {
      expect(await matrix.checkCsrf(route)).toEqual([]);
    });
  }
});
