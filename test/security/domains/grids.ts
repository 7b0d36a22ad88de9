import { intelligentGrids } from '../../../src/server/modules/grids/grids.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { FORMS_PARAM_FIXTURES, insertForm } from './forms.js';
import { insertDataset } from './sources.js';

const COLUMNS = [{ kind: 'question', title: 'Name', question: 'name' }] as const;

/** A dataset of team A (ready version 1: one `name` column, one row) for a dataset's grids. */
const datasetOfA = async (c: FixtureContext) => (await insertDataset(c)).datasetId;

/** An intelligent grid of team A over the fixture survey's `name` question. */
async function insertGrid(c: FixtureContext) {
  const { form } = await insertForm(c);
  const [grid] = await c.world.app.ctx.db
    .insert(intelligentGrids)
    .values({
      teamId: c.world.teamA.id,
      formId: form.id,
      name: 'Fixture grid',
      waves: ['baseline'],
      columns: COLUMNS.map((col) => ({ ...col, key: 'c1' })),
    })
    .returning({ id: intelligentGrids.id });
  return grid.id;
}

export const gridsSecurity: DomainSecurity = {
  expectations: {
    'grids.index': { access: 'team:content.view' },
    'grids.store': { access: 'team:content.create' },
    'grids.dataset-index': { access: 'team:content.view' },
    'grids.dataset-store': { access: 'team:content.create' },
    'grids.show': { access: 'team:content.view' },
    'grids.update': { access: 'team:content.update' },
    'grids.run': {
      access: 'team:content.update',
      noBody: 'computes the grid named in the URL as it is saved',
    },
    'grids.export': { access: 'team:content.view' },
    'grids.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the grid named in the URL',
    },
  },
  bodies: {
    'grids.store': () => ({ name: 'Changes', waves: ['baseline'], columns: COLUMNS }),
    'grids.dataset-store': () => ({
      name: 'Rows',
      waves: [],
      columns: COLUMNS,
      byStakeholder: false,
    }),
    'grids.update': () => ({ name: 'Renamed', waves: [], columns: COLUMNS, byStakeholder: false }),
  },
  routeParamFixtures: {
    'grids.index': { form: FORMS_PARAM_FIXTURES.form },
    'grids.store': { form: FORMS_PARAM_FIXTURES.form },
    'grids.dataset-index': { dataset: datasetOfA },
    'grids.dataset-store': { dataset: datasetOfA },
    'grids.show': { grid: insertGrid },
    'grids.update': { grid: insertGrid },
    'grids.run': { grid: insertGrid },
    'grids.export': { grid: insertGrid },
    'grids.destroy': { grid: insertGrid },
  },
};
