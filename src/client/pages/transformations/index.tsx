import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { TransformationListItem } from '@shared/transformations/transformations.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { count } from '../../features/sources/labels';
import { RUN_STATUS } from '../../features/transformations/labels';

/** transformations/index: a project's data-preparation recipes */
export default function TransformationsIndex({
  project,
  transformations,
  datasetCount,
}: PagePropsOf<'transformations/index'>) {
  const columns: Array<DataTableColumn<TransformationListItem>> = [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (t) => (
        <Anchor
          component={Link}
          href={route('transformations.show', { transformation: t.id })}
          fw={600}
          size="sm"
        >
          {t.name}
        </Anchor>
      ),
    },
    {
      key: 'source',
      title: 'Reads',
      render: (t) => (
        <Anchor component={Link} href={route('sources.show', { source: t.source.id })} size="sm">
          {t.source.name}
        </Anchor>
      ),
    },
    { key: 'steps', title: 'Steps', align: 'right', render: (t) => count(t.steps) },
    {
      key: 'output',
      title: 'Output',
      render: (t) =>
        t.output ? (
          <Anchor component={Link} href={route('sources.show', { source: t.output.id })} size="sm">
            {t.output.name}
          </Anchor>
        ) : (
          'Not run yet'
        ),
    },
    {
      key: 'lastRun',
      title: 'Last run',
      render: (t) =>
        t.lastRun ? (
          <Badge variant="light" color={RUN_STATUS[t.lastRun.status].color}>
            {RUN_STATUS[t.lastRun.status].label}
          </Badge>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <Head title={`Transformations of ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Transformations' },
        ]}
        title="Transformations"
        subtitle="Clean and reshape a dataset step by step; a run writes the result as a new dataset."
        actions={
          datasetCount > 0 && (
            <Button
              component={Link}
              href={route('transformations.create', { project: project.id })}
              leftSection={<IconPlus size={16} />}
            >
              New transformation
            </Button>
          )
        }
      />
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id={`transformations-${project.id}`}
          caption="Transformations"
          rows={transformations}
          rowKey={(t) => t.id}
          columns={columns}
          minWidth={560}
          emptyAction={
            <Text size="sm" c="dimmed">
              {datasetCount > 0
                ? 'Click “New transformation”, pick a dataset, then add steps: trim, recode, filter, remove duplicates… Each step shows what it changes before you run it.'
                : 'Import a dataset first (Sources, “Add source”): a transformation reads one of the project’s datasets.'}
            </Text>
          }
        />
      </Card>
    </Stack>
  );
}
