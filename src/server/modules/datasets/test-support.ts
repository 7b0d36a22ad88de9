import type { AppContext } from '../../platform/context.js';
import { runUseCase, type WriteActor } from '../../platform/use-case/index.js';
import type { NewColumn } from './datasets.versions.js';
import { beginVersion, computeStats, createDataset, finishVersion } from './datasets.versions.js';
import { appendRows, type CopyRow } from './datasets.copy.js';

const CHUNK = 50_000;

/**
 * A ready dataset of `n` generated rows, written the way an import writes one (createDataset,
 * beginVersion, appendRows in chunks, computeStats, finishVersion): for tests, the bench and the
 * journeys, which need big tables without a file.
 */
export async function seedDataset(
  ctx: AppContext,
  who: { teamId: string; userId: string; projectId: string },
  spec: {
    name: string;
    columns: NewColumn[];
    n: number;
    /** the values of row i (1-based), as text in the columns' order (null: empty) */
    row: (i: number) => Array<string | null>;
  },
) {
  const actor: WriteActor = {
    userId: who.userId,
    name: 'Seed',
    email: '',
    teamId: who.teamId,
    role: 'owner',
    tokenId: null,
    ip: null,
    userAgent: 'seedDataset',
  };
  const { dataset, version } = await runUseCase(ctx, actor, async (uc) => {
    const dataset = await createDataset(uc, {
      projectId: who.projectId,
      name: spec.name,
      origin: 'upload',
      originId: null,
    });
    const { version } = await beginVersion(uc, dataset.id, spec.columns);
    uc.unaudited('test and bench data written directly');
    return { dataset, version };
  });
  const physical = spec.columns.map((_, i) => `c${i + 1}`);
  for (let start = 1; start <= spec.n; start += CHUNK) {
    const rows: CopyRow[] = [];
    for (let i = start; i < Math.min(start + CHUNK, spec.n + 1); i++)
      rows.push({ row: i, values: spec.row(i) });
    await appendRows(ctx.database, { relation: version.relation, physical }, rows);
  }
  await computeStats(ctx.db, version.id);
  await runUseCase(ctx, actor, (uc) => finishVersion(uc, version.id, { rows: spec.n }));
  return { datasetId: dataset.id, versionId: version.id, relation: version.relation };
}
