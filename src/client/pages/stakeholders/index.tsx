import { Head, Link } from '@inertiajs/react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { StakeholderRow } from '@shared/forms/forms.pages';
import { PageHeader } from '../../features/projects/page-header';
import { FormsList } from '../../features/forms/forms-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDay } from '@shared/format/date';

const columns: Array<DataTableColumn<StakeholderRow>> = [
  {
    key: 'name',
    title: 'Stakeholder',
    sortable: true,
    render: (s) => (
      <Anchor
        component={Link}
        href={route('stakeholders.show', { stakeholder: s.id })}
        fw={600}
        size="sm"
      >
        {s.name}
      </Anchor>
    ),
  },
  {
    key: 'code',
    title: 'Id',
    width: 130,
    render: (s) => (
      <Text size="sm" ff="monospace">
        {s.code}
      </Text>
    ),
  },
  {
    key: 'responses',
    title: 'Responses',
    width: 110,
    align: 'right',
    render: (s) => s.responsesCount,
  },
  {
    key: 'created_at',
    title: 'Registered',
    sortable: true,
    width: 130,
    visibleFrom: 'sm',
    render: (s) => formatDay(s.createdAt),
  },
];

/** stakeholders/index: a project's stakeholder forms and its stakeholders. */
export default function Stakeholders({
  project,
  forms,
  stakeholders,
  can,
}: PagePropsOf<'stakeholders/index'>) {
  return (
    <Stack gap="lg">
      <Head title={`Stakeholders: ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Stakeholders' },
        ]}
        title="Stakeholders"
        subtitle="The people and organisations the programme serves, registered through stakeholder forms."
        actions={
          <Button
            component={Link}
            href={route('longitudinal.show', { project: project.id })}
            variant="light"
          >
            Longitudinal view
          </Button>
        }
      />
      <section aria-labelledby="sf-title">
        <Title order={2} size="h4" id="sf-title" mb="xs">
          Stakeholder forms
        </Title>
        <FormsList project={project} forms={forms} kind="stakeholder" canCreate={can.create} />
      </section>
      <section aria-labelledby="st-title">
        <Title order={2} size="h4" id="st-title" mb="xs">
          Registered stakeholders
        </Title>
        <DataTable
          id="stakeholders"
          caption="Stakeholders"
          data={stakeholders}
          prop="stakeholders"
          rowKey={(s) => s.id}
          columns={columns}
          emptyAction={
            <Text size="sm">
              Share a published stakeholder form’s link: each response registers a stakeholder here.
            </Text>
          }
        />
      </section>
    </Stack>
  );
}
