/**
 * The import graph's rules, checked over every source file (tests beside the code excepted: they
 * build fixtures straight into other modules' tables on purpose).
 * - A module imports another module only through its `index.ts` (its public API) or its
 *   `read-model.ts` (the tables it publishes for joins and foreign keys; nothing else in that
 *   file, so tables can reference each other without import cycles), never its internals, and
 *   never the schema aggregator `platform/db/schema.ts`.
 * - The platform knows no module (only `platform/db/schema.ts` lists every module's tables).
 * - `src/shared` imports neither server nor client; the client never imports the server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const isTest = (f: string) => /\.(test|int\.test|e2e|test-support)\.tsx?$/.test(f);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) && !isTest(n) ? [p] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
/** Every relative import of a file, resolved to a path under src (extension dropped). */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec) continue;
    if (spec.startsWith('.'))
      out.push(
        path.relative(src, path.resolve(path.dirname(file), spec)).replace(/\.(js|ts|tsx)$/, ''),
      );
    else if (spec.startsWith('@shared/')) out.push(`shared/${spec.slice(8)}`);
    else if (spec.startsWith('@client/')) out.push(`client/${spec.slice(8)}`);
  }
  return out;
}

/** What is wrong with `file` importing `target` (both relative to src), or null. */
export function violation(file: string, target: string): string | null {
  const [area, sub, mod] = file.split(path.sep);
  const [tArea, tSub, tMod, ...tRest] = target.split('/');
  if (area === 'shared' && (tArea === 'server' || tArea === 'client'))
    return 'src/shared imports neither the server nor the client';
  if (area === 'client' && tArea === 'server')
    return 'the client never imports server code (share it through src/shared)';
  if (area !== 'server') return null;
  if (sub === 'modules' && target === 'server/platform/db/schema')
    return 'modules do not import the schema aggregator: import the owning module’s index.ts';
  if (
    sub === 'platform' &&
    tArea === 'server' &&
    tSub === 'modules' &&
    file !== path.join('server', 'platform', 'db', 'schema.ts')
  )
    return 'the platform knows no module (modules register with the platform instead)';
  if (sub === 'modules' && tArea === 'server' && tSub === 'modules' && tMod !== mod) {
    if (!(tRest.length === 1 && (tRest[0] === 'index' || tRest[0] === 'read-model')))
      return `another module’s internals: import ../${tMod}/index.js (its API) or ../${tMod}/read-model.js (its tables, for joins)`;
  }
  return null;
}

describe('module boundaries', () => {
  it('the rule itself refuses what it should', () => {
    const f = path.join('server', 'modules', 'metrics', 'metrics.queries.ts');
    expect(violation(f, 'server/modules/projects/projects.tables')).toMatch(/internals/);
    expect(violation(f, 'server/platform/db/schema')).toMatch(/aggregator/);
    expect(violation(f, 'server/modules/projects/index')).toBeNull();
    expect(violation(f, 'server/modules/projects/read-model')).toBeNull();
    expect(violation(f, 'server/modules/metrics/metrics.tables')).toBeNull();
    expect(
      violation(path.join('server', 'platform', 'audit', 'audit.ts'), 'server/modules/teams/index'),
    ).toMatch(/platform/);
    expect(violation(path.join('shared', 'x.ts'), 'server/platform/errors')).toMatch(/shared/);
    expect(violation(path.join('client', 'pages', 'x.tsx'), 'server/platform/errors')).toMatch(
      /client/,
    );
  });

  it('no source file crosses a boundary (zero exceptions)', () => {
    const found: string[] = [];
    for (const abs of files(src)) {
      const file = path.relative(src, abs);
      for (const target of importsOf(abs)) {
        const v = violation(file, target);
        if (v) found.push(`src/${file} imports src/${target}: ${v}`);
      }
    }
    expect(found).toEqual([]);
  });
});
