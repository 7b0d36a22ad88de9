import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { teams } from '../../platform/auth/auth.tables.js';
import type { Queryable } from './teams.queries.js';

/** "Ada's Team!" -> "adas-team" (ASCII letters and digits, at most 48 characters). */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return s || 'team';
}

/** A slug no other team has: the plain slug if free, else with a short random suffix. */
export async function uniqueSlug(db: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .select({ slug: teams.slug })
        .from(teams)
        .where(like(teams.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (;;) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`;
    if (!taken.has(candidate)) return candidate;
  }
}
