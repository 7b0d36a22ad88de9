import type { SearchType } from './playground.schemas.js';

/** Props of the playground (team-wide search) page (modules/playground). */
export interface PlaygroundProps {
  initialQuery: string;
  types: SearchType[];
}
