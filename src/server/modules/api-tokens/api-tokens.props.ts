import type { ApiTokenRow } from './api-tokens.service.js';
import type { ApiTokenView } from '../../../shared/api-tokens/api-tokens.pages.js';

/** A token as the page sees it: never the token itself, only its first characters. */
export function tokenProps(t: ApiTokenRow): ApiTokenView {
  return {
    id: t.id,
    name: t.name,
    abilities: t.abilities,
    start: t.start,
    lastUsedAt: t.lastUsedAt ? t.lastUsedAt.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
  };
}
