import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { DatasetListItem } from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ChoiceSelect } from '../../components/choice-select';
import { PageHeader } from '../../features/projects/page-header';
import {
  DATASET_NAME_COLUMN,
  DATASET_VERSION_COLUMNS,
} from '../../features/sources/dataset-columns';

/** sources/index: the datasets of a project, or of the whole team */
export default function SourcesIndex({
  project,
  projects,
  datasets,
}: PagePropsOf<'sources/index'>) {
  const [target, setTarget] = useState<string>(project?.id ?? projects[0]?.id ?? '');
  const columns: Array<DataTableColumn<DatasetListItem>> = [
    DATASET_NAME_COLUMN,
    ...(project
      ? []
      : [
          {
            key: 'project',
            title: 'Project',
            value: (d: DatasetListItem) => d.project.name,
            sortable: true,
            render: (d: DatasetListItem) => d.project.name,
          },
        ]),
    ...DATASET_VERSION_COLUMNS,
  ];
  const addHref = target ? route('sources.create', { project: target }) : null;
  return (
    <Stack gap="lg">
      <Head title={project ? `Sources of ${project.name}` : 'Sources'} />
      <PageHeader
        crumbs={
          project
            ? [
                { label: 'Projects', href: route('projects.index') },
                { label: project.name, href: route('projects.show', { project: project.id }) },
                { label: 'Sources' },
              ]
            : [{ label: 'Sources' }]
        }
        title="Sources"
        subtitle={
          project
            ? `The spreadsheets imported into ${project.name}.`
            : 'The spreadsheets imported into your team’s projects.'
        }
        actions={
          <Group gap="sm" align="flex-end">
            {!project && projects.length > 0 && (
              <ChoiceSelect
                label="Project"
                data={projects.map((p) => ({ value: p.id, label: p.name }))}
                value={target}
                onChange={(v) => setTarget(v)}
                w={220}
              />
            )}
            {project && (
              <Button
                component={Link}
                variant="default"
                href={route('transformations.index', { project: project.id })}
              >
                Transformations
              </Button>
            )}
            {addHref && (
              <Button component={Link} href={addHref} leftSection={<IconUpload size={16} />}>
                Add source
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id={project ? `sources-${project.id}` : 'sources'}
          caption="Sources"
          rows={datasets}
          rowKey={(d) => d.id}
          columns={columns}
          minWidth={560}
          emptyAction={
            <Text size="sm" c="dimmed">
              {addHref
                ? 'Click “Add source” to upload a CSV, TSV or Excel file: you check its columns before anything is imported.'
                : 'Create a project first: sources belong to a project.'}
            </Text>
          }
        />
      </Card>
    </Stack>
  );
}
