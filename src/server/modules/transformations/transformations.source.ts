import type { Db } from '../../platform/db/client.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { findDataset, qualified } from '../datasets/index.js';
import type { RecipeSource } from './transformations.compile.js';

/** The source dataset's current version as the compiler reads it */
export async function sourceOf(db: Db, teamId: string, datasetId: string) {
  const { dataset, current, columns } = await findDataset(db, teamId, datasetId);
  const recipe: RecipeSource = {
    name: dataset.name,
    relation: current ? qualified(current.relation) : 'ds."v_00000000000000000000000000000000"',
    columns: columns
      .filter((c) => !c.hidden)
      .map((c) => ({ key: c.key, label: c.label, type: c.type, physical: c.physical })),
  };
  return { dataset, version: current, recipe };
}

/** The ids of the datasets a recipe's joins and appends read */
export function otherIds(steps: readonly Step[]): string[] {
  return [
    ...new Set(
      steps.flatMap((s) => (s.kind === 'join' || s.kind === 'append' ? [s.datasetId] : [])),
    ),
  ];
}

/**
 * The datasets a recipe's joins and appends read (their current versions): only the team's, of
 * the recipe's project, with data; any other id is left out (the step then says so).
 */
export async function othersOf(db: Db, teamId: string, projectId: string, steps: readonly Step[]) {
  const out = new Map<string, RecipeSource>();
  for (const id of otherIds(steps)) {
    const found = await sourceOf(db, teamId, id).catch(() => null);
    if (!found || !found.version || found.dataset.projectId !== projectId) continue;
    out.set(id, found.recipe);
  }
  return out;
}
