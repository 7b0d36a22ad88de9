import type { UseCase } from '../../platform/use-case/index.js';
import { findProject } from '../projects/index.js';
import { findDataset } from './datasets.queries.js';

/** Delete a dataset: announced (uc.removing), its versions' relations dropped in the same transaction */
export async function deleteDataset(uc: UseCase, datasetId: unknown) {
  const { dataset } = await findDataset(uc.tx, uc.teamId, datasetId);
  const project = await findProject(uc.tx, uc.teamId, dataset.projectId);
  uc.can('content.delete', { project });
  // the datasets module's own cascade handler drops the relations and the rows (index.ts)
  await uc.removing('dataset', [dataset.id]);
  await uc.audit({
    action: 'dataset.deleted',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { project: project.name },
  });
  return { dataset, project };
}
