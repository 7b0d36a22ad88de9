import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerDatasetRoutes } from './datasets.routes.js';
import { datasetIdsOfProjects } from './datasets.queries.js';
import { dropDatasets } from './datasets.versions.js';

/**
 * Datasets (docs/datasets.md): typed, versioned rows in schema `ds`, whatever their source. Other
 * modules (sources, forms, transformations) write them through the functions below.
 */
export async function datasetsModule(app: FastifyInstance, ctx: AppContext) {
  registerDatasetRoutes(app, ctx);
  // a project's datasets go with it; their relations are dropped in the same transaction
  ctx.cascades.onRemove('project', async (r) =>
    r.cascade('dataset', await datasetIdsOfProjects(r.tx, r.teamId, r.ids)),
  );
  ctx.cascades.onRemove('dataset', (r) => dropDatasets(r.tx, r.teamId, r.ids));
}

export {
  findDataset,
  versionOfJob,
  columnsOf,
  versionsOf,
  versionsOfMany,
  rowErrorsOf,
  datasetsOf,
  qualified,
  physicalName,
} from './datasets.queries.js';
export {
  createDataset,
  beginVersion,
  setVersionJob,
  recordRowErrors,
  computeStats,
  finishVersion,
  failVersion,
  type NewColumn,
  type RowError,
} from './datasets.versions.js';
export {
  appendCopyText,
  appendRows,
  copyField,
  insertSelectStoppable,
  StatementStopped,
  type CopyRow,
} from './datasets.copy.js';
export { readRows } from './datasets.rows.js';
export { StreamStats } from './datasets.stats.js';
export {
  aggregateBound,
  boundRows,
  boundWaves,
  checkBound,
  type BoundRow,
} from './bound-aggregate.js';
export {
  BindingError,
  aggregationError,
  type AggregateSpec,
  type BoundField,
  type FieldKind,
  type RowSource,
} from './bound-rows.js';
export { datasetRowSource } from './bound-dataset.js';
export { datagridOf } from './datasets.grid.js';
export { versionDiff } from './datasets.diff.js';
export { defineFormView, liveDatasetOf, liveDatasetsOf } from './datasets.live-view.js';
export { jobProgressReporter } from './job-progress.js';
export { onVersionPublished, type VersionPublished } from './datasets.published.js';
