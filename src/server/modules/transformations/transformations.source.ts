import type { Db } from '../../platform/db/client.js';
import { findDataset, qualified } from '../datasets/index.js';
import type { RecipeSource } from './transformations.compile.js';

/** The source dataset's current version as the compiler reads it */
export async function sourceOf(db: Db, teamId: string, datasetId: string) {
  const { dataset, current, columns } = await findDataset(db, teamId, datasetId);
  const recipe: RecipeSource = {
    relation: current ? qualified(current.relation) : 'ds."v_00000000000000000000000000000000"',
    columns: columns
      .filter((c) => !c.hidden)
      .map((c) => ({ key: c.key, label: c.label, type: c.type, physical: c.physical })),
  };
  return { dataset, version: current, recipe };
}
