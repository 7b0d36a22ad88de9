import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';
import { GridForm } from '../../features/grids/grid-form';

type Row = PagePropsOf<'surveyholders/intelligent-grids'>['grids'][number];

/** surveyholders/intelligent-grids: a survey form's intelligent grids, and a new one. */
export default function IntelligentGrids({
  project,
  form,
  grids,
  options,
  can,
}: PagePropsOf<'surveyholders/intelligent-grids'>) {
  return (
    <Stack gap="lg">
      <Head title={`Intelligent grids: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Survey forms', href: route('forms.surveys', { project: project.id }) },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Intelligent grids' },
        ]}
        title="Intelligent grids"
        subtitle={`One row per ${form.anonymous ? 'response' : 'stakeholder'}; columns of answers per wave, coded values and questions in words, every cell citing the answers it used.`}
      />
      {grids.length === 0 ? (
        <Text c="dimmed">
          No grid yet.{' '}
          {can.create
            ? 'Create one below: pick the waves, then add question, intelligent and prompt columns.'
            : 'Someone who can edit this project can create one.'}
        </Text>
      ) : (
        <DataTable<Row>
          id="intelligent-grids"
          caption="Intelligent grids of this form"
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
            {
              key: 'waves',
              title: 'Waves',
              render: (g) => (g.waves.length ? g.waves.join(', ') : 'All'),
            },
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
          title="New intelligent grid"
          submitLabel="Create grid"
          send={{ method: 'post', url: route('grids.store', { form: form.id }) }}
        />
      )}
    </Stack>
  );
}
