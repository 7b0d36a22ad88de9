import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_TEXT_MAX, type ProjectView } from '@shared/projects/projects.schemas';
import { fieldProps } from '../../lib/field-props';

export interface ProjectFormValues {
  name: string;
  description: string;
  funder: string;
  location: string;
  startDate: string;
  endDate: string;
  [key: string]: string;
}

export function projectFormValues(p?: ProjectView | null): ProjectFormValues {
  return { name: p?.name ?? '', description: p?.description ?? '', funder: p?.funder ?? '', location: p?.location ?? '', startDate: p?.startDate ?? '', endDate: p?.endDate ?? '' };
}

interface Props {
  initial?: ProjectView | null;
  method: 'post' | 'put';
  action: string;
  submitLabel: string;
  cancelHref: string;
}

/** The project's fields: name (required), description, funder, location, start and end dates. */
export function ProjectForm({ initial, method, action, submitLabel, cancelHref }: Props) {
  const form = useForm<ProjectFormValues>(projectFormValues(initial));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit(method, action, { preserveScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required maxLength={PROJECT_NAME_MAX} placeholder="e.g. Girls’ secondary education, Kisumu 2026–2028" data-autofocus {...fieldProps(form, 'name')} />
        <Textarea
          label="Description"
          description="What the project sets out to change, for whom."
          autosize
          minRows={3}
          maxRows={10}
          maxLength={PROJECT_DESCRIPTION_MAX}
          name="description"
          value={form.data.description}
          onChange={(e) => form.setData('description', e.currentTarget.value)}
          error={form.errors.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Funder" placeholder="Donor or funding programme" maxLength={PROJECT_TEXT_MAX} {...fieldProps(form, 'funder')} />
          <TextInput label="Location" placeholder="Country, region or district" maxLength={PROJECT_TEXT_MAX} {...fieldProps(form, 'location')} />
          <TextInput type="date" label="Start date" {...fieldProps(form, 'startDate')} />
          <TextInput type="date" label="End date" min={form.data.startDate || undefined} {...fieldProps(form, 'endDate')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} href={cancelHref} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
