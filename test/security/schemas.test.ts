/**
 * Every zod schema exported from src/shared/**\/*.schemas.ts (found by walking the folder, so
 * schemas added later are covered): object schemas are strict and refuse random junk objects.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidObject } from './junk.js';

const SHARED = path.resolve(import.meta.dirname, '../../src/shared');
const RUNS = Number(
  process.env.BAD_INPUT_RUNS ?? (process.env.CI === 'true' || process.env.CI === '1' ? 200 : 100),
);

/**
 * Exported object schemas that may ignore unknown keys, with the reason. They must still never
 * pass an unknown key through (zod's default strips them).
 */
const NON_STRICT_OK: Record<string, string> = {
  auditLogQuerySchema:
    'parses the logs page query string: unknown query parameters (tracking tags, old links) are ignored',
  feedQuery:
    'parses the community feed page query string (every field falls back to its default): unknown query parameters (cache busters, old links) are ignored',
  browseQuery:
    'parses the communities browse page query string (the search falls back to none): unknown query parameters (cache busters, old links) are ignored',
  commentIndexQuery:
    'parses the comment thread query string: unknown query parameters (cache busters) are ignored',
  playgroundSearchSchema:
    'parses the playground search query string: unknown query parameters (cache busters, old links) are ignored',
};

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return schemaFiles(p);
    return f.endsWith('.schemas.ts') ? [p] : [];
  });
}

type AnySchema = { _zod: { def: Record<string, unknown> & { type: string } } };
const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/** Object schemas, possibly wrapped (pipe/transform, union of objects, optional, ...). The strict-ness of each object inside. */
export function objectParts(schema: z.ZodType | AnySchema): AnySchema[] | undefined {
  const s = schema as unknown as AnySchema;
  const d = s._zod.def;
  switch (d.type) {
    case 'object':
      return [s];
    case 'pipe':
      return objectParts(d.in as AnySchema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return objectParts(d.innerType as AnySchema);
    case 'union': {
      const parts = (d.options as AnySchema[]).map(objectParts);
      return parts.every(Boolean) ? (parts.flat() as AnySchema[]) : undefined;
    }
    case 'intersection': {
      const l = objectParts(d.left as AnySchema);
      const r = objectParts(d.right as AnySchema);
      return l && r ? [...l, ...r] : undefined;
    }
    default:
      return undefined;
  }
}

const isStrict = (o: AnySchema): boolean =>
  (o._zod.def.catchall as AnySchema | undefined)?._zod.def.type === 'never';

/** The property: no junk object (always carrying an unknown field) parses. */
export async function rejectsJunk(schema: z.ZodType, numRuns = RUNS) {
  const r = await fc.check(
    fc.property(invalidObject, (o) => !schema.safeParse(o).success),
    { numRuns },
  );
  return r.failed
    ? `accepted ${JSON.stringify(r.counterexample?.[0]).slice(0, 300)}; replay { seed: ${r.seed}, path: "${r.counterexamplePath}" }`
    : undefined;
}

/** For schemas that ignore unknown keys: whatever parses carries none of the junk keys. */
export async function dropsUnknown(schema: z.ZodType, numRuns = RUNS) {
  const r = await fc.check(
    fc.property(invalidObject, (o) => {
      const res = schema.safeParse(o);
      if (!res.success) return true;
      const out = res.data;
      return !(
        out &&
        typeof out === 'object' &&
        Object.keys(out).some(
          (k) => k.startsWith('zz_junk_') || k === '__proto__' || k === 'constructor',
        )
      );
    }),
    { numRuns },
  );
  return r.failed
    ? `passed unknown keys through: ${JSON.stringify(r.counterexample?.[0]).slice(0, 200)}`
    : undefined;
}

const files = schemaFiles(SHARED);
const found: Array<{ file: string; name: string; schema: z.ZodType }> = [];
for (const file of files) {
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod))
    if (isSchema(value) && objectParts(value))
      found.push({ file: path.relative(SHARED, file), name, schema: value });
}

describe('shared zod schemas', () => {
  it(`discovers the schema files under src/shared (${files.length} files, ${found.length} object schemas)`, () => {
    expect(files.every((f) => f.startsWith(SHARED) && f.endsWith('.schemas.ts'))).toBe(true);
  });

  for (const { file, name, schema } of found) {
    it(`${file} ${name} ${NON_STRICT_OK[name] ? 'drops unknown fields' : 'is strict and refuses junk objects'}`, async () => {
      if (NON_STRICT_OK[name]) {
        expect(await dropsUnknown(schema)).toBeUndefined();
        return;
      }
      const loose = objectParts(schema)!.filter((o) => !isStrict(o));
      expect(
        loose.length,
        `${name} in ${file}: use .strict() so unknown fields are refused (or list it in NON_STRICT_OK with the reason)`,
      ).toBe(0);
      expect(await rejectsJunk(schema)).toBeUndefined();
      for (const junk of [null, undefined, 42, 'text', [], [{}], true])
        expect(schema.safeParse(junk).success, `${name} accepted ${JSON.stringify(junk)}`).toBe(
          false,
        );
    });
  }

  it('the property passes a strict schema and catches a loose one (self-check)', async () => {
    const strict = z.object({ name: z.string().min(1), email: z.email().optional() }).strict();
    const loose = z.object({ name: z.string().optional() });
    expect(await rejectsJunk(strict, 200)).toBeUndefined();
    expect(await rejectsJunk(loose, 200)).toMatch(/^accepted/);
    expect(await dropsUnknown(loose, 200)).toBeUndefined();
    expect(await dropsUnknown(loose.passthrough(), 200)).toMatch(/^passed unknown keys through/);
    expect(objectParts(strict.transform((x) => x))?.every(isStrict)).toBe(true);
    expect(objectParts(z.union([strict, loose]))?.every(isStrict)).toBe(false);
  });
});
