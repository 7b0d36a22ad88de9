import { route } from '@shared/route';
import type { GridDatasetRef } from '@shared/grids/grids.pages';
import { plural } from '@shared/format/plural';

interface Source {
  form: { id: string; name: string; anonymous: boolean } | null;
  dataset: GridDatasetRef | null;
}

/** What the grid pages say about a grid's source: its name, its grids' page, what a row is. */
export function gridSource({ form, dataset }: Source) {
  if (form)
    return {
      name: form.name,
      gridsHref: route('grids.index', { form: form.id }),
      rowTitle: form.anonymous ? 'Response' : 'Stakeholder',
      rows: `one row per ${form.anonymous ? 'response' : 'stakeholder'}`,
      noRows: 'The form has no responses in these waves yet; re-run once it has.',
    };
  const d = dataset!;
  return {
    name: d.name,
    gridsHref: route('grids.dataset-index', { dataset: d.id }),
    rowTitle: 'Row',
    rows: d.version
      ? `one row per row of the dataset's current version (version ${d.version.number}, ${plural(d.version.rows, 'row')}), not grouped by stakeholder`
      : 'one row per row of the dataset once it has an imported version',
    noRows: 'The dataset has no rows yet; import its data, then re-run.',
  };
}
