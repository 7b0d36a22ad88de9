import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';
import { GridForm } from '../../features/grids/grid-form';
import { gridSource } from '../../features/grids/grid-source';
import { ChoiceSelect } from '../../components/choice-select';

type Row = PagePropsOf<'surveyholders/intelligent-grids'>['grids'][number];

/**
 * surveyholders/intelligent-grids: the intelligent grids of a survey form or of a dataset, and a
 * new one (its source chosen among the project's survey forms and datasets).
 */
export default function IntelligentGrids(props: PagePropsOf<'surveyholders/intelligent-grids'>) {
  const { project, form, dataset, grids, options, sources, can } = props;
  const source = gridSource(props);
  const current = form ? `form:${form.id}` : `dataset:${dataset!.id}`;
  const choose = (v: string | null) => {
    if (!v || v === current) return;
    const [kind, id] = v.split(':');
    router.visit(
      kind === 'form'
        ? route('grids.index', { form: id })
        : route('grids.dataset-index', { dataset: id }),
    );
  };
  return (
    <Stack gap="lg">
      <Head title={`Intelligent grids: ${source.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          form
            ? { label: 'Survey forms', href: route('forms.surveys', { project: project.id }) }
            : { label: 'Sources', href: route('sources.index', { project: project.id }) },
          form
            ? { label: form.name, href: route('forms.fields', { form: form.id }) }
            : { label: source.name, href: route('sources.show', { source: dataset!.id }) },
          { label: 'Intelligent grids' },
        ]}
        title="Intelligent grids"
        subtitle={
          form
            ? `One row per ${form.anonymous ? 'response' : 'stakeholder'}; columns of answers per wave, coded values and questions in words, every cell citing the answers it used.`
            : `${source.rows[0].toUpperCase()}${source.rows.slice(1)}; columns of the row's values and questions in words, every cell citing the row's cells it used.`
        }
      />
      <ChoiceSelect
        label="Source"
        description="A grid reads one survey form's answers or one dataset's rows: choose which to see its grids and create one."
        data={sources.map((s) => ({
          value: `${s.kind}:${s.id}`,
          label: `${s.kind === 'form' ? 'Survey form' : 'Dataset'}: ${s.name}`,
        }))}
        value={current}
        onChange={choose}
        maw={480}
      />
      {grids.length === 0 ? (
        <Text c="dimmed">
          No grid yet.{' '}
          {can.create
            ? form
              ? 'Create one below: pick the waves, then add question, intelligent and prompt columns.'
              : 'Create one below: add dataset columns and prompt columns.'
            : 'Someone who can edit this project can create one.'}
        </Text>
      ) : (
        <DataTable<Row>
          id="intelligent-grids"
          caption={`Intelligent grids of this ${form ? 'form' : 'dataset'}`}
          rows={grids}
          rowKey={(g) => g.id}
          plain
          minWidth={560}
          columns={[
            {
              key: 'name',
              title: 'Grid',
              render: (g) => (
                <Anchor component={Link} href={route('grids.show', { grid: g.id })}>
                  {g.name}
                </Anchor>
              ),
            },
            { key: 'columns', title: 'Columns' },
            ...(form
              ? [
                  {
                    key: 'waves',
                    title: 'Waves',
                    render: (g: Row) => (g.waves.length ? g.waves.join(', ') : 'All'),
                  },
                ]
              : []),
            {
              key: 'lastRun',
              title: 'Last run',
              render: (g) =>
                g.lastRun ? (
                  <Badge
                    variant="light"
                    color={
                      g.lastRun.status === 'done'
                        ? 'green'
                        : g.lastRun.status === 'failed'
                          ? 'red'
                          : 'blue'
                    }
                  >
                    {g.lastRun.status} · {g.lastRun.rows} rows
                  </Badge>
                ) : (
                  'Not computed yet'
                ),
            },
          ]}
        />
      )}
      {can.create && (
        <GridForm
          options={options}
          source={form ? 'form' : 'dataset'}
          title="New intelligent grid"
          submitLabel="Create grid"
          send={{
            method: 'post',
            url: form
              ? route('grids.store', { form: form.id })
              : route('grids.dataset-store', { dataset: dataset!.id }),
          }}
        />
      )}
    </Stack>
  );
}
