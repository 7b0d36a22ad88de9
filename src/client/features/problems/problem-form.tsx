import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { PROBLEM_STATUS_LABELS, type ProblemStatus } from '@shared/toc/vocabulary';
import type { ProblemHeader } from '@shared/problems/problems.types';
import { createProblemSchema, problemFields } from '@shared/problems/problems.schemas';
import { limitError } from '../../lib/field-limits';
import { passesCheck } from '../../lib/form-check';

interface Props {
  problem?: ProblemHeader;
  statuses: ProblemStatus[];
  submitLabel: string;
  cancelHref: string;
  onSubmit: (form: ReturnType<typeof useProblemForm>) => void;
}

function useProblemForm(problem?: ProblemHeader) {
  return useForm({
    title: problem?.title ?? '',
    statement: problem?.statement ?? '',
    rootCauses: problem?.rootCauses ?? '',
    populationWho: problem?.populationWho ?? '',
    populationCount: problem?.populationCount ?? ('' as number | ''),
    geography: problem?.geography ?? '',
    evidence: problem?.evidence ?? '',
    status: problem?.status ?? 'draft',
  });
}

/** The problem's fields: what, why, who and how many, where, on what evidence. */
export function ProblemForm({ problem, statuses, submitLabel, cancelHref, onSubmit }: Props) {
  const form = useProblemForm(problem);
  const errors = form.errors as Record<string, string | undefined>;
  const text = (key: 'title' | 'populationWho' | 'geography') => ({
    value: form.data[key],
    onChange: (e: { currentTarget: { value: string } }) => form.setData(key, e.currentTarget.value),
    error: limitError(form.data[key], problemFields[key]) ?? errors[key],
  });
  const area = (key: 'statement' | 'rootCauses' | 'evidence') => ({
    value: form.data[key],
    onChange: (e: { currentTarget: { value: string } }) => form.setData(key, e.currentTarget.value),
    error: limitError(form.data[key], problemFields[key]) ?? errors[key],
    autosize: true,
    minRows: 3,
    maxRows: 12,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.transform((d) => ({
      ...d,
      populationCount: d.populationCount === '' ? null : d.populationCount,
    }));
    if (!passesCheck(form, createProblemSchema)) return;
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput
              label="Title"
              description="A short name for the problem, e.g. “Girls drop out of secondary school”."
              {...text('title')}
              required
              data-autofocus
            />
            <Textarea
              label="Problem statement"
              description="Who is affected, how, and how badly."
              {...area('statement')}
            />
            <Textarea
              label="Root causes"
              description="Why it happens: the causes the programme will act on."
              {...area('rootCauses')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Population affected"
              placeholder="e.g. Girls aged 13-18 in rural wards"
              {...text('populationWho')}
            />
            <NumberInput
              label="How many people"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={form.data.populationCount}
              onChange={(v) =>
                form.setData(
                  'populationCount',
                  typeof v === 'number' ? v : v === '' ? '' : Number(v),
                )
              }
              error={errors.populationCount}
            />
            <TextInput
              label="Geography"
              placeholder="e.g. Kisumu and Siaya counties, Kenya"
              {...text('geography')}
            />
            <ChoiceSelect
              label="Status"
              data={statuses.map((s) => ({ value: s, label: PROBLEM_STATUS_LABELS[s] }))}
              value={form.data.status}
              onChange={(v) => v && form.setData('status', v)}
              error={errors.status}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label="Evidence and sources"
            description="Studies, data or consultations that show the problem."
            {...area('evidence')}
          />
        </Card>
        <Group justify="flex-end">
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
