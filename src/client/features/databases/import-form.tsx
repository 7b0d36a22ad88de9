import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { route } from '@shared/route';
import {
  IMPORT_SCHEDULES,
  SCHEDULE_LABELS,
  type ImportSchedule,
} from '@shared/databases/databases.constants';
import { databaseImportSchema } from '@shared/databases/databases.schemas';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

interface Props {
  connectionId: string;
  projects: Array<{ id: string; name: string }>;
  source: { kind: 'table'; schema: string; name: string } | { kind: 'query'; query: string };
}

type Values = {
  projectId: string;
  name: string;
  schedule: ImportSchedule;
  kind: 'table' | 'query';
  table: { schema: string; name: string } | null;
  query: string | null;
};

/** Import the previewed table or SELECT into a project's dataset, now and optionally on a schedule */
export function ImportForm({ connectionId, projects, source }: Props) {
  const form = useForm<Values>({
    projectId: projects[0]?.id ?? '',
    name: source.kind === 'table' ? source.name : 'Query result',
    schedule: 'none',
    kind: source.kind,
    table: source.kind === 'table' ? { schema: source.schema, name: source.name } : null,
    query: source.kind === 'query' ? source.query : null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, databaseImportSchema)) return;
    form.post(route('databases.import', { database: connectionId }));
  };
  if (!projects.length)
    return (
      <Text size="sm" c="dimmed">
        Create a project first: datasets belong to a project.
      </Text>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ChoiceSelect
            label="Project"
            data={projects.map((p) => ({ value: p.id, label: p.name }))}
            value={form.data.projectId}
            onChange={(v) => v && form.setData('projectId', v)}
            error={form.errors.projectId}
            required
          />
          <TextInput label="Dataset name" {...fieldProps(form, 'name', databaseImportSchema)} />
          <ChoiceSelect<ImportSchedule>
            label="When"
            data={IMPORT_SCHEDULES.map((s) => ({ value: s, label: SCHEDULE_LABELS[s] }))}
            value={form.data.schedule}
            onChange={(v) => v && form.setData('schedule', v)}
            error={form.errors.schedule}
            required
          />
        </SimpleGrid>
        {(form.errors.table || form.errors.query) && (
          <Text size="sm" c="red" role="alert">
            {form.errors.table ?? form.errors.query}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.processing}
            leftSection={<IconDatabaseImport size={16} />}
          >
            Import as a dataset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
