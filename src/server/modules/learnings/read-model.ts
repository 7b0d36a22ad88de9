/**
 * The learnings module's published read model: its tables, for other modules' joins and counts
 * (the dashboard's "learnings due"; never their writes, which go through index.ts).
 */
export { learnings } from './learnings.tables.js';
