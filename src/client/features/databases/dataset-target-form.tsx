import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import {
  IMPORT_SCHEDULES,
  SCHEDULE_LABELS,
  type ImportSchedule,
} from '@shared/databases/databases.constants';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';

/** The fields every "import into a dataset" form has: which project, the dataset's name, when. */
type TargetValues = { projectId: string; name: string; schedule: ImportSchedule };

/** The slice of Inertia's useForm() the shared fields need. */
interface TargetForm<T extends TargetValues> {
  data: T;
  errors: Partial<Record<keyof T, string>>;
  processing: boolean;
  setData(key: keyof T, value: string): void;
}

interface Props<T extends TargetValues> {
  form: TargetForm<T>;
  /** the shared schema the form posts to (limits and required marks on the name) */
  schema: { shape: Record<string, z.ZodType> };
  projects: Array<{ id: string; name: string }>;
  /** a refusal about what is imported (the table, the query, the remote form) */
  sourceError?: string;
  submitLabel: ReactNode;
  onSubmit: (e: FormEvent) => void;
}

/**
 * Project, dataset name and schedule, the source's own error and the submit button: the import
 * form of a database table or query and of a connector's remote form. No project yet: says so.
 */
export function DatasetTargetForm<T extends TargetValues>({
  form,
  schema,
  projects,
  sourceError,
  submitLabel,
  onSubmit,
}: Props<T>) {
  if (!projects.length)
    return (
      <Text size="sm" c="dimmed">
        Create a project first: datasets belong to a project.
      </Text>
    );
  return (
    <form onSubmit={onSubmit} noValidate>
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
          <TextInput label="Dataset name" {...fieldProps(form, 'name', schema)} />
          <ChoiceSelect<ImportSchedule>
            label="When"
            data={IMPORT_SCHEDULES.map((s) => ({ value: s, label: SCHEDULE_LABELS[s] }))}
            value={form.data.schedule}
            onChange={(v) => v && form.setData('schedule', v)}
            error={form.errors.schedule}
            required
          />
        </SimpleGrid>
        {sourceError && (
          <Text size="sm" c="red" role="alert">
            {sourceError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.processing}
            leftSection={<IconDatabaseImport size={16} />}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
