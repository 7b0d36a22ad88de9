import { useCallback, useRef, useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { DatasetRow } from '@shared/datasets/datasets.pages';
import { PageHeader } from '../../features/projects/page-header';
import { count } from '../../features/sources/labels';
import { DatasetGrid, type DatasetGridHandle } from '../../features/datagrid/dataset-grid';
import { GridToolbar } from '../../features/datagrid/grid-toolbar';
import { RowDrawer } from '../../features/datagrid/row-drawer';
import {
  queryFromSearch,
  searchFromQuery,
  type GridQuery,
} from '../../features/datagrid/grid-query';

/** The window's height below the app shell's header, less the shell's padding above and below */
const FILL_WINDOW =
  'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))';

/**
 * survey-sources/datagrid: every row of a source's current version in AG Grid's infinite row
 * model (this page's chunk only). Filters and sort live in the URL, so a reload keeps them.
 */
export default function Datagrid({
  dataset,
  project,
  version,
  columns,
}: PagePropsOf<'survey-sources/datagrid'>) {
  const [initial] = useState<GridQuery>(() => queryFromSearch(window.location.search));
  const [query, setQuery] = useState<GridQuery>(initial);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<DatasetRow | null>(null);
  const grid = useRef<DatasetGridHandle>(null);

  const shown = useRef(searchFromQuery(initial));

  const onQuery = useCallback((q: GridQuery) => {
    const search = searchFromQuery(q);
    if (search === shown.current) return;
    shown.current = search;
    setQuery(q);
    setError(null);
    setTotal(null);
    grid.current?.api()?.ensureIndexVisible(0, 'top');
    router.replace({
      url: `${window.location.pathname}${search}`,
      preserveState: true,
      preserveScroll: true,
    });
  }, []);

  const filtered = query.filters.length > 0;
  return (
    // the page fills the window below the header and no more: the grid takes the height left
    // (at least 420 px) and scrolls its rows itself, so the page has no scrollbar of its own
    <Stack gap="md" mih={FILL_WINDOW}>
      <Head title={`${dataset.name}: data`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Sources', href: route('sources.index', { project: project.id }) },
          { label: dataset.name, href: route('sources.show', { source: dataset.id }) },
          { label: 'Data' },
        ]}
        title={`${dataset.name}: data`}
        subtitle={
          version
            ? `Version ${version.number} · ${count(version.rowCount)} rows`
            : 'No version has been imported yet.'
        }
        actions={
          <Button
            component={Link}
            variant="light"
            href={route('grids.dataset-index', { dataset: dataset.id })}
          >
            Intelligent grids
          </Button>
        }
      />
      {!version ? (
        <Card withBorder padding="lg" radius="md">
          <Text size="sm">
            The rows appear here once an import has finished.{' '}
            <Anchor component={Link} href={route('sources.show', { source: dataset.id })}>
              Back to the source
            </Anchor>
          </Text>
        </Card>
      ) : (
        <>
          <GridToolbar
            grid={grid}
            columns={columns}
            total={total}
            rowCount={version.rowCount}
            filtered={filtered}
          />
          {error && (
            <Alert color="red" variant="light" title="These filters cannot be applied">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{error}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    const api = grid.current?.api();
                    api?.setFilterModel(null);
                    api?.applyColumnState({ defaultState: { sort: null } });
                  }}
                >
                  Clear filters and sort
                </Button>
              </Group>
            </Alert>
          )}
          {total === 0 && (
            <Text size="sm" role="status">
              No rows match these filters. Change or clear them to see rows again.
            </Text>
          )}
          <div style={{ flex: '1 0 420px', position: 'relative' }}>
            <DatasetGrid
              ref={grid}
              datasetId={dataset.id}
              columns={columns}
              initial={initial}
              events={{ onQuery, onTotal: setTotal, onError: setError }}
              onOpenRow={setOpen}
            />
          </div>
          <Text size="xs" c="dimmed">
            Click a row number (or press Enter on a cell) to see the whole row.
          </Text>
        </>
      )}
      <RowDrawer row={open} columns={columns} onClose={() => setOpen(null)} />
    </Stack>
  );
}
