import type { ApiTokenRow } from './api-tokens.service.js';

/** A token as the page sees it: never the token itself, only its first characters. */
export function tokenProps(t: ApiTokenRow) {
  return {
    id: t.id,
    name: t.name,
    abilities: t.abilities,
    start: t.start,
    lastUsedAt: t.lastUsedAt ? t.lastUsedAt.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
  };
}

export type ApiTokenProps = ReturnType<typeof tokenProps>;
