import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { ROUTE_NAMES } from '../../../shared/route-names.js';

const FILE = join(import.meta.dirname, '../../../shared/route-names.ts');

/** src/shared/route-names.ts as generated from the registry (`npm run routes:names` rewrites it). */
export function routeNamesSource(names: string[]) {
  return `// Generated from the route registry by \`npm run routes:names\`; route-names.int.test.ts checks it is up to date.
export const ROUTE_NAMES = [
${names.map((n) => `  '${n}',`).join('\n')}
] as const;

/** The name of a registered route: route(), routeIs() and the server's ctx.routes.url() take only these. */
export type RouteName = (typeof ROUTE_NAMES)[number];
`;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the route-name union (src/shared/route-names.ts)', () => {
  it('lists exactly the registered routes', () => {
    const names = [...t.app.ctx.routes.byName.keys()].sort();
    if (
      process.env.UPDATE_ROUTE_NAMES === '1' &&
      readFileSync(FILE, 'utf8') !== routeNamesSource(names)
    )
      writeFileSync(FILE, routeNamesSource(names));
    expect([...ROUTE_NAMES], 'run `npm run routes:names` after adding or renaming a route').toEqual(
      names,
    );
  });
});
