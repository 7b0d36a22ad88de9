/**
 * The datasets module's published read model: its tables, for other modules' joins and foreign
 * keys (never their writes, which go through index.ts). Free of other imports: no cycles.
 */
export { datasets, datasetVersions, datasetColumns, datasetRowErrors } from './datasets.tables.js';
