/**
 * The projects module's published read model: its table, for other modules' joins and foreign
 * keys (never their writes, which go through index.ts). Free of other imports: no cycles.
 */
export { projects } from './projects.tables.js';
