import { route } from '@shared/route';
import type { GridDatasetRef } from '@shared/grids/grids.pages';
import { plural } from '@shared/format/plural';

interface Source {
  form: { id: string; name: string; anonymous: boolean } | null;
  dataset: GridDatasetRef | null;
  options: { stakeholderColumn: { label: string } | null };
  /** a grid's page: whether its rows are the dataset's stakeholders (none on the list page) */
  grid?: { byStakeholder: boolean };
}

/** What the grid pages say about a grid's source: its name, its grids' page, what a row is. */
export function gridSource({ form, dataset, options, grid }: Source) {
  if (form)
    return {
      name: form.name,
      gridsHref: route('grids.index', { form: form.id }),
      rowTitle: form.anonymous ? 'Response' : 'Stakeholder',
      rows: `one row per ${form.anonymous ? 'response' : 'stakeholder'}`,
      noRows: 'The form has no responses in these waves yet; re-run once it has.',
    };
  const d = dataset!;
  const who = options.stakeholderColumn;
  const version = d.version
    ? ` (version ${d.version.number}, ${plural(d.version.rows, 'row')})`
    : ' once it has an imported version';
  const grouped = grid?.byStakeholder && who;
  return {
    name: d.name,
    gridsHref: route('grids.dataset-index', { dataset: d.id }),
    rowTitle: grouped ? 'Stakeholder' : 'Row',
    rows: grouped
      ? `one row per stakeholder (“${who.label}”), their rows of the dataset's current version${version} grouped; rows with no stakeholder id are rows of their own`
      : grid
        ? `one row per row of the dataset's current version${version}${who ? ', not grouped by stakeholder' : ''}`
        : `one row per row of the dataset's current version${version}${who ? `, or one per stakeholder (“${who.label}”) when the grid groups them` : ''}`,
    noRows: 'The dataset has no rows yet; import its data, then re-run.',
  };
}
