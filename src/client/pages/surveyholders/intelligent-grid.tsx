import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Alert, Button, Card, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { headerKey, type GridRowView } from '@shared/grids/grids.pages';
import { DATASET_WAVE } from '@shared/grids/grids';
import { plural } from '@shared/format/plural';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';
import { GridForm } from '../../features/grids/grid-form';
import { GridCell } from '../../features/grids/grid-cell';
import { gridSource } from '../../features/grids/grid-source';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** surveyholders/intelligent-grid: the grid's cells with their sources, summary, run and definition. */
export default function IntelligentGrid(props: PagePropsOf<'surveyholders/intelligent-grid'>) {
  const { project, grid, run, headers, rows, totalRows, summary, options, engine, can } = props;
  const source = gridSource(props);
  const errors = (props as { errors?: Record<string, string> }).errors ?? {};
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = () =>
    router.delete(route('grids.destroy', { grid: grid.id }), {
      onStart: () => setRemoving(true),
      onFinish: () => setRemoving(false),
    });
  const active = run?.status === 'queued' || run?.status === 'running';
  // a run in progress: reload its progress until it ends
  useReloadWhile(active, 1000);
  const computed = rows.total > 0 || run?.status === 'done';
  const start = () =>
    router.post(
      route('grids.run', { grid: grid.id }),
      {},
      {
        preserveScroll: true,
        onStart: () => setStarting(true),
        onFinish: () => setStarting(false),
      },
    );
  const labels = new Map(options.questions.map((q) => [q.key, q.label]));
  const questionLabel = (key: string) => labels.get(key) ?? key;
  const titleOf = (h: (typeof headers)[number]) => (h.wave ? `${h.title} · ${h.wave}` : h.title);
  return (
    <Stack gap="lg">
      <Head title={`${grid.name}: intelligent grid`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: source.name, href: source.gridsHref },
          { label: grid.name },
        ]}
        title={grid.name}
        subtitle={`${source.name} · ${source.rows}${props.form ? ` · waves: ${grid.waves.length ? grid.waves.join(', ') : 'all'}` : ''} · prompt columns: ${engine === 'model' ? 'the configured model' : 'offline comparison (no model configured)'}`}
        actions={
          <Group gap="xs">
            {run?.status === 'done' && (
              <>
                <Button
                  component="a"
                  variant="light"
                  href={route('grids.export', { grid: grid.id, format: 'csv' })}
                >
                  Export CSV
                </Button>
                <Button
                  component="a"
                  variant="light"
                  href={route('grids.export', { grid: grid.id, format: 'xlsx' })}
                >
                  Export XLSX
                </Button>
              </>
            )}
            {can.update && (
              <Button onClick={start} loading={starting} disabled={active}>
                {computed ? 'Re-run' : 'Compute grid'}
              </Button>
            )}
            {can.delete && (
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                Delete grid
              </Button>
            )}
          </Group>
        }
      />
      {errors.run && <Alert color="red">{errors.run}</Alert>}
      {run && (
        <Card withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Text size="sm">
              Latest run: <strong>{run.status}</strong> · {run.processed} of {run.total || '?'} rows
              · {run.engine === 'model' ? 'model' : 'offline'} engine
              {run.status === 'done' && run.reused > 0
                ? ` · ${run.reused} unchanged cells carried over from the previous run`
                : ''}
            </Text>
            {active && (
              <Progress
                value={run.total ? (100 * run.processed) / run.total : 5}
                animated
                aria-label="Grid progress"
              />
            )}
            {run.error && (
              <Text c="red" size="sm">
                {run.error}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {!computed ? (
        <Text c="dimmed">
          Not computed yet.{' '}
          {can.update
            ? 'Press “Compute grid” to fill every cell; the page shows the progress.'
            : 'Someone who can edit this project can compute it.'}
        </Text>
      ) : (
        <>
          <DataTable<GridRowView>
            id="intelligent-grid-cells"
            caption={`Cells of ${grid.name}`}
            data={rows}
            prop="rows"
            rowKey={(r) => r.key}
            minWidth={Math.max(640, 180 * (headers.length + 1))}
            emptyAction={
              <Text size="sm" c="dimmed">
                {source.noRows}
              </Text>
            }
            columns={[
              {
                key: 'label',
                title: source.rowTitle,
                sortable: false,
              },
              ...headers.map((h) => ({
                key: headerKey(h),
                title: titleOf(h),
                sortable: false,
                value: (r: GridRowView) => {
                  const v = r.cells[h.column]?.value;
                  if (!v) return '';
                  if (v.kind === 'prompt') return v.text;
                  const x = v.byWave[h.wave ?? DATASET_WAVE];
                  return Array.isArray(x) ? x.join(', ') : (x ?? '');
                },
                render: (r: GridRowView) => (
                  <GridCell
                    header={h}
                    cell={r.cells[h.column]}
                    rowLabel={r.label}
                    questionLabel={questionLabel}
                  />
                ),
              })),
            ]}
          />
          <Title order={2} size="h4">
            Summary across all {plural(totalRows, 'row')}
          </Title>
          <DataTable<(typeof headers)[number]>
            id="intelligent-grid-summary"
            caption={`Summary of ${grid.name} across its rows`}
            rows={headers}
            rowKey={(h) => headerKey(h)}
            plain
            minWidth={480}
            columns={[
              { key: 'title', title: 'Column', render: titleOf },
              {
                key: 'summary',
                title: 'Summary',
                render: (h) => (
                  <Stack gap={0}>
                    {(summary[headerKey(h)] ?? []).map((line, i) => (
                      <Text key={i} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                ),
              },
            ]}
          />
        </>
      )}
      {can.update && (
        <GridForm
          options={options}
          source={props.form ? 'form' : 'dataset'}
          initial={{
            name: grid.name,
            waves: grid.waves,
            byStakeholder: grid.byStakeholder,
            columns: grid.columns,
          }}
          title="Grid definition"
          submitLabel="Save grid"
          send={{ method: 'put', url: route('grids.update', { grid: grid.id }) }}
        />
      )}
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete the grid “${grid.name}”?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Its definition, its runs and every computed cell are removed.{' '}
            {props.form
              ? 'The form’s responses and intelligent columns stay.'
              : 'The dataset and its rows stay.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button color="red" loading={removing} onClick={remove}>
              Delete grid
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
