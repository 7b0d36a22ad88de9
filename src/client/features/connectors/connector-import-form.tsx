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
import { connectorImportSchema } from '@shared/connectors/connectors.schemas';
import type { RemoteFormView } from '@shared/connectors/connectors.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

interface Props {
  connectorId: string;
  projects: Array<{ id: string; name: string }>;
  form: RemoteFormView;
  onDone: () => void;
}

type Values = { projectId: string; name: string; formId: string; schedule: ImportSchedule };

/** Import a remote form's submissions into a project's dataset, now and optionally on a schedule */
export function ConnectorImportForm({ connectorId, projects, form: remote, onDone }: Props) {
  const form = useForm<Values>({
    projectId: projects[0]?.id ?? '',
    name: remote.name,
    formId: remote.id,
    schedule: 'daily',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, connectorImportSchema)) return;
    form.post(route('integrations.import', { connector: connectorId }), {
      preserveScroll: true,
      onSuccess: onDone,
    });
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
          <TextInput label="Dataset name" {...fieldProps(form, 'name', connectorImportSchema)} />
          <ChoiceSelect<ImportSchedule>
            label="When"
            data={IMPORT_SCHEDULES.map((s) => ({ value: s, label: SCHEDULE_LABELS[s] }))}
            value={form.data.schedule}
            onChange={(v) => v && form.setData('schedule', v)}
            error={form.errors.schedule}
            required
          />
        </SimpleGrid>
        {form.errors.formId && (
          <Text size="sm" c="red" role="alert">
            {form.errors.formId}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.processing}
            leftSection={<IconDatabaseImport size={16} />}
          >
            Import submissions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
