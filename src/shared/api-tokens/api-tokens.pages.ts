import type { Ability } from '../permissions.js';

/** Props of the API tokens page (modules/api-tokens/api-tokens.props.ts). */

/** A token as the page sees it: never the token itself, only its first characters. */
export interface ApiTokenView {
  id: string;
  name: string;
  abilities: Ability[];
  start: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface ApiTokensIndexProps {
  tokens: ApiTokenView[];
  availableAbilities: Ability[];
  defaultAbilities: Ability[];
  team: { id: string; name: string } | null;
}
