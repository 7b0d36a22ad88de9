import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { defer, optional } from './props.js';

const root = join(import.meta.dirname, '../../../..');
const pagesDir = join(root, 'src/client/pages');

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? pageFiles(join(dir, e.name))
      : e.name.endsWith('.tsx')
        ? [join(dir, e.name)]
        : [],
  );
}
const pages = pageFiles(pagesDir).map((f) => ({
  name: relative(pagesDir, f)
    .replace(/\\/g, '/')
    .replace(/\.tsx$/, ''),
  source: readFileSync(f, 'utf8'),
}));
/** the keys of `interface PageProps` in src/shared/pages.ts */
const declared = [
  ...readFileSync(join(root, 'src/shared/pages.ts'), 'utf8').matchAll(
    /^ {2}'?([a-z0-9/-]+)'?: \w+;$/gm,
  ),
].map((m) => m[1]);

describe('the page contract (src/shared/pages.ts)', () => {
  it('declares exactly the pages the client has', () => {
    expect([...declared].sort()).toEqual(pages.map((p) => p.name).sort());
  });

  it('has every page that takes props read them as PagePropsOf<its own name>', () => {
    for (const p of pages) {
      const params = /export default function \w+\(([^)]*)\)/.exec(p.source)?.[1] ?? '';
      if (params.trim() === '') continue;
      expect(params, p.name).toContain(`PagePropsOf<'${p.name}'>`);
    }
  });
});

/**
 * Compile-time checks (tsc runs them; never called): a render call must give the page exactly what
 * it declares. Each @ts-expect-error fails the type check if the line ever compiles.
 */
export function renderCallsAreChecked(reply: FastifyReply) {
  void reply.inertia('auth/verify-email', { email: 'a@example.org' });
  void reply.inertia('auth/verify-email', { email: () => Promise.resolve('a@example.org') });
  void reply.inertia('welcome');
  // @ts-expect-error a prop of the wrong type
  void reply.inertia('auth/verify-email', { email: 42 });
  // @ts-expect-error a lazy prop resolving to the wrong type
  void reply.inertia('auth/verify-email', { email: () => 42 });
  // @ts-expect-error a required prop left out
  void reply.inertia('auth/verify-email', {});
  // @ts-expect-error a prop the page does not declare
  void reply.inertia('auth/verify-email', { email: 'a@example.org', extra: true });
  // @ts-expect-error a page that does not exist
  void reply.inertia('auth/nowhere');
  void reply.inertia('errors/show', {
    status: 404,
    title: 'Not found',
    message: 'Gone',
    // @ts-expect-error an optional (partial reload) prop of the wrong type
    requestId: optional(() => 7),
  });
  void reply.inertia('auth/reset-password', {
    token: 't',
    email: 'e',
    // @ts-expect-error a deferred prop of the wrong type
    tokenValid: defer(() => 'yes'),
  });
}
