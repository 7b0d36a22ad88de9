import type { FormEvent } from 'react';
import { Head, useForm } from '@inertiajs/react';
import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { DEFAULT_RUBRIC_LEVELS, rubricSchema } from '@shared/coding/kinds';
import { passesCheck } from '../../lib/form-check';
import { PageHeader } from '../../features/projects/page-header';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '@shared/format/date';

interface LevelDraft {
  descriptor: string;
  examples: string;
}
const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** surveyholders/intelligent-column-rubric: a rubric column's levels (descriptor, example answers). */
export default function IntelligentColumnRubric({
  project,
  form,
  column,
  levels,
  versions,
  can,
}: PagePropsOf<'surveyholders/intelligent-column-rubric'>) {
  const draft = useForm({
    levels: (levels.length > 0
      ? levels.map((l) => ({ descriptor: l.descriptor, examples: l.examples.join('\n') }))
      : Array.from({ length: DEFAULT_RUBRIC_LEVELS }, () => ({
          descriptor: '',
          examples: '',
        }))) as LevelDraft[],
  });
  const err = draft.errors as Record<string, string | undefined>;
  const payload = () => ({
    levels: draft.data.levels.map((l) => ({
      descriptor: l.descriptor,
      examples: lines(l.examples),
    })),
  });
  const set = (i: number, patch: Partial<LevelDraft>) =>
    draft.setData(
      'levels',
      draft.data.levels.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(draft, rubricSchema, payload())) return;
    draft.transform(payload);
    draft.put(route('intelligent-columns.rubric-save', { column: column.id }));
  };
  return (
    <Stack gap="lg">
      <Head title={`Rubric: ${column.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('intelligent-columns.index', { form: form.id }) },
          { label: column.name, href: route('intelligent-columns.show', { column: column.id }) },
          { label: 'Rubric' },
        ]}
        title="Rubric"
        subtitle={`Level 1 is the lowest. Each answer gets the level whose description and examples it is most similar to (TF-IDF), then learns from the levels people give. Version ${column.rubricVersion || '—'}.`}
      />
      <form noValidate onSubmit={submit}>
        <Stack gap="sm" maw={860}>
          {draft.data.levels.map((l, i) => (
            <Card key={i} withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    Level {i + 1}
                  </Title>
                  {can.update && draft.data.levels.length > 2 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove level ${i + 1}`}
                      onClick={() =>
                        draft.setData(
                          'levels',
                          draft.data.levels.filter((_, j) => j !== i),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
                <Textarea
                  label={`Level ${i + 1} descriptor`}
                  description="What an answer at this level says."
                  autosize
                  minRows={2}
                  readOnly={!can.update}
                  value={l.descriptor}
                  onChange={(e) => set(i, { descriptor: e.currentTarget.value })}
                  error={err[`levels.${i}.descriptor`]}
                />
                <Textarea
                  label={`Level ${i + 1} example answers (optional, one a line)`}
                  autosize
                  minRows={1}
                  readOnly={!can.update}
                  value={l.examples}
                  onChange={(e) => set(i, { examples: e.currentTarget.value })}
                  error={err[`levels.${i}.examples`]}
                />
              </Stack>
            </Card>
          ))}
          {err.levels && (
            <Text c="red" size="sm">
              {err.levels}
            </Text>
          )}
          {can.update && (
            <Group justify="space-between">
              <Button
                variant="light"
                disabled={draft.data.levels.length >= 10}
                onClick={() =>
                  draft.setData('levels', [...draft.data.levels, { descriptor: '', examples: '' }])
                }
              >
                Add a level
              </Button>
              <Button type="submit" loading={draft.processing}>
                Save rubric
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <Title order={2} size="h4">
        Versions
      </Title>
      <DataTable<(typeof versions)[number]>
        id="rubric-versions"
        caption="Rubric versions"
        rows={versions}
        rowKey={(v) => v.number}
        plain
        minWidth={360}
        emptyAction={<Text size="sm">Write the levels above and save: that makes version 1.</Text>}
        columns={[
          { key: 'number', title: 'Version', render: (v) => v.number },
          { key: 'levels', title: 'Levels', render: (v) => v.levels },
          {
            key: 'createdAt',
            title: 'Saved',
            render: (v) => formatDateTime(v.createdAt),
          },
        ]}
      />
    </Stack>
  );
}
