import type { FormEvent } from 'react';
import { Head, useForm } from '@inertiajs/react';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { codebookSchema, type CodeDef } from '@shared/coding/coding';
import { passesCheck } from '../../lib/form-check';
import { PageHeader } from '../../features/projects/page-header';
import { formatDateTime } from '@shared/format/date';

interface CodeDraft {
  key: string;
  label: string;
  definition: string;
  include: string;
  exclude: string;
  examples: string;
}
const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const draftOf = (c: CodeDef): CodeDraft => ({
  key: c.key,
  label: c.label,
  definition: c.definition,
  include: c.include.join('\n'),
  exclude: c.exclude.join('\n'),
  examples: c.examples.join('\n'),
});
const EMPTY: CodeDraft = {
  key: '',
  label: '',
  definition: '',
  include: '',
  exclude: '',
  examples: '',
};

/** survey-sources/deductive-inputs: an intelligent column's codebook; saving makes a new version. */
export default function DeductiveInputs({
  project,
  form,
  column,
  codes,
  versions,
  can,
}: PagePropsOf<'survey-sources/deductive-inputs'>) {
  const book = useForm({ codes: codes.length ? codes.map(draftOf) : [EMPTY] });
  const err = book.errors as Record<string, string | undefined>;
  const fieldError = (i: number, f: string) => err[`codes.${i}.${f}`];
  const set = (i: number, patch: Partial<CodeDraft>) =>
    book.setData(
      'codes',
      book.data.codes.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = (d: typeof book.data) => ({
      codes: d.codes.map((c) => ({
        key: c.key.trim(),
        label: c.label,
        definition: c.definition,
        include: lines(c.include),
        exclude: lines(c.exclude),
        examples: lines(c.examples),
      })),
    });
    if (!passesCheck(book, codebookSchema, sent(book.data))) return;
    book.transform(sent);
    book.put(route('intelligent-columns.codebook-save', { column: column.id }));
  };
  return (
    <Stack gap="lg">
      <Head title={`Deductive inputs: ${column.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('intelligent-columns.index', { form: form.id }) },
          { label: column.name, href: route('intelligent-columns.show', { column: column.id }) },
          { label: 'Deductive inputs' },
        ]}
        title="Deductive inputs"
        subtitle={
          column.codebookVersion
            ? `Codebook version ${column.codebookVersion}. Saving makes version ${column.codebookVersion + 1}; earlier decisions keep the version that made them.`
            : 'Write the codes this column applies. Rules match words by their dictionary form (walk, walking, walked).'
        }
      />
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {err.codes && <Text c="red">{err.codes}</Text>}
          {book.data.codes.map((c, i) => (
            <Card key={i} withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    Code {i + 1}
                    {c.label ? `: ${c.label}` : ''}
                  </Title>
                  {can.update && book.data.codes.length > 1 && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() =>
                        book.setData(
                          'codes',
                          book.data.codes.filter((_, j) => j !== i),
                        )
                      }
                    >
                      Remove code {i + 1}
                    </Button>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Key"
                    description="Lower case, stable: the data column name"
                    value={c.key}
                    onChange={(e) => set(i, { key: e.currentTarget.value })}
                    error={fieldError(i, 'key')}
                    readOnly={!can.update}
                  />
                  <TextInput
                    label="Label"
                    value={c.label}
                    onChange={(e) => set(i, { label: e.currentTarget.value })}
                    error={fieldError(i, 'label')}
                    readOnly={!can.update}
                  />
                </SimpleGrid>
                <Textarea
                  label="Definition"
                  autosize
                  minRows={2}
                  value={c.definition}
                  onChange={(e) => set(i, { definition: e.currentTarget.value })}
                  error={fieldError(i, 'definition')}
                  readOnly={!can.update}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Textarea
                    label="Include rules"
                    description="One word or phrase a line"
                    autosize
                    minRows={3}
                    value={c.include}
                    onChange={(e) => set(i, { include: e.currentTarget.value })}
                    error={fieldError(i, 'include')}
                    readOnly={!can.update}
                  />
                  <Textarea
                    label="Exclude rules"
                    description="Present in an answer: the code stays off"
                    autosize
                    minRows={3}
                    value={c.exclude}
                    onChange={(e) => set(i, { exclude: e.currentTarget.value })}
                    error={fieldError(i, 'exclude')}
                    readOnly={!can.update}
                  />
                  <Textarea
                    label="Example quotes"
                    description="One a line, for the people who verify"
                    autosize
                    minRows={3}
                    value={c.examples}
                    onChange={(e) => set(i, { examples: e.currentTarget.value })}
                    error={fieldError(i, 'examples')}
                    readOnly={!can.update}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          ))}
          {can.update && (
            <Group justify="space-between">
              <Button
                variant="light"
                onClick={() => book.setData('codes', [...book.data.codes, EMPTY])}
              >
                Add a code
              </Button>
              <Button type="submit" loading={book.processing}>
                Save codebook as version {column.codebookVersion + 1}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {versions.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            Versions
          </Title>
          {versions.map((v) => (
            <Text key={v.number} size="sm">
              Version {v.number}: {v.codes} codes, saved {formatDateTime(v.createdAt)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
