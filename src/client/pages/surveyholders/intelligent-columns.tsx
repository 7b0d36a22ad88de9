import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import {
  DEFAULT_SAMPLE_PERCENT,
  DEFAULT_THRESHOLD,
  createColumnSchema,
} from '@shared/coding/coding';
import { COLUMN_KINDS, KIND_LABELS, type ColumnKind } from '@shared/coding/kinds';
import { passesCheck } from '../../lib/form-check';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';

/** surveyholders/intelligent-columns: a survey form's intelligent columns, and a new one. */
export default function IntelligentColumns({
  project,
  form,
  columns,
  textQuestions,
  can,
}: PagePropsOf<'surveyholders/intelligent-columns'>) {
  const create = useForm({
    name: '',
    kind: 'codes' as ColumnKind,
    questionKeys: [] as string[],
    threshold: DEFAULT_THRESHOLD,
    samplePercent: DEFAULT_SAMPLE_PERCENT,
  });
  const err = create.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(create, createColumnSchema)) return;
    create.post(route('intelligent-columns.store', { form: form.id }));
  };
  return (
    <Stack gap="lg">
      <Head title={`Intelligent columns: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Survey forms', href: route('forms.surveys', { project: project.id }) },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Intelligent columns' },
        ]}
        title="Intelligent columns"
        subtitle="Derive a value from open answers: codes from a codebook, indicative sentiment, a rubric score or a summary. Every value cites the words behind it, and people check a sample."
        actions={
          <Button component={Link} variant="light" href={route('grids.index', { form: form.id })}>
            Intelligent grids
          </Button>
        }
      />
      {columns.length === 0 ? (
        <Text c="dimmed">
          No intelligent column yet.{' '}
          {textQuestions.length === 0
            ? 'Add a short or long text question to this form first.'
            : can.create
              ? 'Create one below over the open questions you want coded.'
              : ''}
        </Text>
      ) : (
        <DataTable<PagePropsOf<'surveyholders/intelligent-columns'>['columns'][number]>
          id="intelligent-columns"
          caption="Intelligent columns of this form"
          rows={columns}
          rowKey={(c) => c.id}
          plain
          minWidth={560}
          columns={[
            {
              key: 'name',
              title: 'Column',
              render: (c) => (
                <Anchor component={Link} href={route('intelligent-columns.show', { column: c.id })}>
                  {c.name}
                </Anchor>
              ),
            },
            { key: 'kind', title: 'Kind', render: (c) => KIND_LABELS[c.kind] },
            { key: 'questions', title: 'Questions', render: (c) => c.questions.join(', ') },
            {
              key: 'codebookVersion',
              title: 'Codebook or rubric',
              render: (c) =>
                c.kind === 'codes'
                  ? c.codebookVersion
                    ? `Codebook version ${c.codebookVersion} · ${c.codes} codes`
                    : 'Codebook not written yet'
                  : c.kind === 'rubric'
                    ? c.rubricVersion
                      ? `Rubric version ${c.rubricVersion}`
                      : 'Rubric not written yet'
                    : '—',
            },
            {
              key: 'lastRun',
              title: 'Last run',
              render: (c) =>
                c.lastRun ? (
                  <Badge
                    variant="light"
                    color={
                      c.lastRun.status === 'done'
                        ? 'green'
                        : c.lastRun.status === 'failed'
                          ? 'red'
                          : 'blue'
                    }
                  >
                    {c.lastRun.status}
                  </Badge>
                ) : (
                  'Never run'
                ),
            },
          ]}
        />
      )}
      {can.create && textQuestions.length > 0 && (
        <Card withBorder radius="md" padding="lg" maw={720}>
          <form noValidate onSubmit={submit}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                New intelligent column
              </Title>
              <TextInput
                label="Name"
                required
                value={create.data.name}
                onChange={(e) => create.setData('name', e.currentTarget.value)}
                error={err.name}
              />
              <ChoiceSelect
                label="What the column derives"
                required
                data={COLUMN_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                value={create.data.kind}
                onChange={(v) => create.setData('kind', (v || 'codes') as ColumnKind)}
                error={err.kind}
              />
              <Checkbox.Group
                label="Open questions to code"
                value={create.data.questionKeys}
                onChange={(v) => create.setData('questionKeys', v)}
                error={err.questionKeys}
              >
                <Stack gap={6} mt={6}>
                  {textQuestions.map((q) => (
                    <Checkbox key={q.key} value={q.key} label={q.label} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Group grow>
                {create.data.kind === 'codes' && (
                  <NumberInput
                    label="Agreement threshold (kappa)"
                    description="A code counts only when people and machine agree at least this much."
                    min={0}
                    max={1}
                    step={0.05}
                    decimalScale={2}
                    value={create.data.threshold}
                    onChange={(v) => create.setData('threshold', Number(v))}
                    error={err.threshold}
                  />
                )}
                {(create.data.kind === 'codes' || create.data.kind === 'rubric') && (
                  <NumberInput
                    label="Verification sample (%)"
                    description="Drawn at random (at least 10 answers) for people to code."
                    min={1}
                    max={100}
                    value={create.data.samplePercent}
                    onChange={(v) => create.setData('samplePercent', Number(v))}
                    error={err.samplePercent}
                  />
                )}
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={create.processing}>
                  Create column
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
