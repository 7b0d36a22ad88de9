/** The coding module's published read model: its tables, for other modules' joins. */
export { intelligentColumns, codingRuns, codingDecisions } from './coding.tables.js';
