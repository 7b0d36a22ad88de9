import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { projectSchema, type ProjectView } from '@shared/projects/projects.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

export interface ProjectFormValues {
  name: string;
  description: string;
  funder: string;
  location: string;
  startDate: string;
  endDate: string;
  [key: string]: string;
}

function projectFormValues(p?: ProjectView | null): ProjectFormValues {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    funder: p?.funder ?? '',
    location: p?.location ?? '',
    startDate: p?.startDate ?? '',
    endDate: p?.endDate ?? '',
  };
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
    if (!passesCheck(form, projectSchema)) return;
    form.submit(method, action, { preserveScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Girls’ secondary education, Kisumu 2026–2028"
          data-autofocus
          {...fieldProps(form, 'name', projectSchema)}
        />
        <Textarea
          label="Description"
          description="What the project sets out to change, for whom."
          autosize
          minRows={3}
          maxRows={10}
          {...fieldProps(form, 'description', projectSchema)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Funder"
            placeholder="Donor or funding programme"
            {...fieldProps(form, 'funder', projectSchema)}
          />
          <TextInput
            label="Location"
            placeholder="Country, region or district"
            {...fieldProps(form, 'location', projectSchema)}
          />
          <TextInput type="date" label="Start date" {...fieldProps(form, 'startDate')} />
          <TextInput
            type="date"
            label="End date"
            min={form.data.startDate || undefined}
            {...fieldProps(form, 'endDate')}
          />
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
