import { Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { FormListRow, FormProjectRef } from '@shared/forms/forms.pages';
import type { FormKind } from '@shared/forms/questions';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const columns: Array<DataTableColumn<FormListRow>> = [
  {
    key: 'name',
    title: 'Form',
    render: (f) => (
      <Anchor component={Link} href={route('forms.fields', { form: f.id })} fw={600} size="sm">
        {f.name}
      </Anchor>
    ),
  },
  {
    key: 'version',
    title: 'Version',
    width: 110,
    render: (f) =>
      f.currentVersion ? (
        <Badge variant="light">v{f.currentVersion}</Badge>
      ) : (
        <Badge variant="light" color="gray">
          Draft
        </Badge>
      ),
  },
  {
    key: 'questions',
    title: 'Questions',
    width: 100,
    align: 'right',
    render: (f) => f.questionsCount,
  },
  {
    key: 'responses',
    title: 'Responses',
    width: 110,
    align: 'right',
    render: (f) => (
      <Anchor component={Link} href={route('responses.index', { form: f.id })} size="sm">
        {f.responsesCount}
      </Anchor>
    ),
  },
];

/** "Import XLSForm": the page that checks a Kobo/ODK XLSForm file and creates a draft from it. */
function ImportXlsformButton({ projectId }: { projectId: string }) {
  return (
    <Button
      component={Link}
      href={route('forms.xlsform', { project: projectId })}
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
    >
      Import XLSForm
    </Button>
  );
}

/** A project's forms of one kind, or an empty state that says what to do. */
export function FormsList({
  project,
  forms,
  kind,
  canCreate,
}: {
  project: FormProjectRef;
  forms: FormListRow[];
  kind: FormKind;
  canCreate: boolean;
}) {
  const create = route('forms.create', { project: project.id }) + `?kind=${kind}`;
  if (!forms.length)
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            {kind === 'survey' ? 'No survey forms yet' : 'No stakeholder forms yet'}
          </Title>
          <Text c="dimmed" maw={520}>
            {kind === 'survey'
              ? 'A survey form collects answers in waves (baseline, midline, endline), anonymously or from registered stakeholders. Create one, add its questions, then publish it to get its link.'
              : 'A stakeholder form registers the people or organisations your programme serves: each response creates a stakeholder with a stable id and personal survey links.'}
          </Text>
          {canCreate ? (
            <Group justify="center">
              <Button component={Link} href={create} leftSection={<IconPlus size={16} />}>
                {kind === 'survey' ? 'Create a survey form' : 'Create a stakeholder form'}
              </Button>
              {kind === 'survey' && <ImportXlsformButton projectId={project.id} />}
            </Group>
          ) : (
            <Text size="sm">Ask an editor of your team to create one.</Text>
          )}
        </Stack>
      </Card>
    );
  return (
    <Stack gap="sm">
      {canCreate && (
        <Group justify="flex-end">
          {kind === 'survey' && <ImportXlsformButton projectId={project.id} />}
          <Button component={Link} href={create} leftSection={<IconPlus size={16} />}>
            New form
          </Button>
        </Group>
      )}
      <DataTable
        id={`forms-${kind}`}
        caption={kind === 'survey' ? 'Survey forms' : 'Stakeholder forms'}
        rows={forms}
        rowKey={(f) => f.id}
        columns={columns}
        plain
      />
    </Stack>
  );
}
