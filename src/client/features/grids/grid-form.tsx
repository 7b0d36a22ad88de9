import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { gridSchema, type GridColumnInput } from '@shared/grids/grids';
import type { GridOptions } from '@shared/grids/grids.pages';
import { ChoiceMultiSelect, ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

type Kind = GridColumnInput['kind'];
const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'question', label: 'Question (the answer per wave)' },
  { value: 'intelligent', label: 'Intelligent column (its codes per wave)' },
  { value: 'prompt', label: 'Prompt (a question in words)' },
];
/** a dataset's grid: its columns (the row's value) and prompt columns; no intelligent columns */
const DATASET_KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'question', label: 'Dataset column (the row’s value)' },
  { value: 'prompt', label: 'Prompt (a question in words)' },
];

/** A new column of a kind, with sensible first choices. */
function blank(kind: Kind, options: GridOptions): GridColumnInput {
  if (kind === 'question') return { kind, title: '', question: options.questions[0]?.key ?? '' };
  if (kind === 'intelligent')
    return { kind, title: '', columnId: options.intelligentColumns[0]?.id ?? '' };
  return { kind, title: '', prompt: '', questions: [] };
}

interface Props {
  options: GridOptions;
  /** what the grid reads: a survey form's answers or a dataset's rows */
  source: 'form' | 'dataset';
  initial?: {
    name: string;
    waves: string[];
    byStakeholder: boolean;
    columns: GridColumnInput[];
  };
  title: string;
  submitLabel: string;
  /** where the checked form is sent: a new grid is posted, an edit is put */
  send: { method: 'post' | 'put'; url: string };
}

const useGridForm = (initial: Props['initial']) =>
  useForm({
    name: initial?.name ?? '',
    waves: initial?.waves ?? ([] as string[]),
    byStakeholder: initial?.byStakeholder ?? false,
    columns: initial?.columns ?? ([] as GridColumnInput[]),
  });

/**
 * The grid's definition: its name, the waves it includes (none ticked: all), and its columns of
 * three kinds. Errors come back on the column's field (`columns.1.question`).
 */
export function GridForm({ options, source, initial, title, submitLabel, send }: Props) {
  const form = useGridForm(initial);
  const kinds = source === 'form' ? KINDS : DATASET_KINDS;
  const [one, many] = source === 'form' ? ['Question', 'Questions'] : ['Column', 'Columns'];
  const err = form.errors as Record<string, string | undefined>;
  const questionData = options.questions.map((q) => ({ value: q.key, label: q.label }));
  const setColumn = (i: number, c: GridColumnInput) =>
    form.setData(
      'columns',
      form.data.columns.map((x, j) => (j === i ? c : x)),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, gridSchema)) return;
    if (send.method === 'put') form.put(send.url, { preserveScroll: true });
    else form.post(send.url);
  };
  return (
    <Card withBorder radius="md" padding="lg" maw={860}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <TextInput
            label="Name"
            required
            value={form.data.name}
            onChange={(e) => form.setData('name', e.currentTarget.value)}
            error={err.name}
          />
          {options.waves.length > 0 && (
            <Checkbox.Group
              label="Waves to include"
              description="None ticked: every wave the responses carry, in the form's order."
              value={form.data.waves}
              onChange={(v) =>
                form.setData(
                  'waves',
                  options.waves.filter((w) => v.includes(w)),
                )
              }
              error={err.waves}
            >
              <Group gap="md" mt={6}>
                {options.waves.map((w) => (
                  <Checkbox key={w} value={w} label={w} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {options.stakeholderColumn && (
            <Checkbox
              label="One row per stakeholder"
              description={`Group the dataset's rows by their stakeholder id (“${options.stakeholderColumn.label}”): a baseline and an endline row, or several rows, become one grid row; its cells cite every row they read. Unticked: one grid row per dataset row.`}
              checked={form.data.byStakeholder}
              onChange={(e) => form.setData('byStakeholder', e.currentTarget.checked)}
              error={err.byStakeholder}
            />
          )}
          <Text fw={500} size="sm">
            Columns
          </Text>
          {err.columns && (
            <Text c="red" size="sm">
              {err.columns}
            </Text>
          )}
          {form.data.columns.map((c, i) => (
            <Card key={i} withBorder padding="sm" radius="sm">
              <Stack gap="xs">
                <Group align="flex-end" wrap="nowrap">
                  <ChoiceSelect<Kind>
                    label={`Column ${i + 1}: kind`}
                    data={kinds}
                    value={c.kind}
                    onChange={(k) => k && setColumn(i, { ...blank(k, options), title: c.title })}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label={`Column ${i + 1}: title`}
                    value={c.title}
                    onChange={(e) => setColumn(i, { ...c, title: e.currentTarget.value })}
                    error={err[`columns.${i}.title`]}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove column ${i + 1}`}
                    onClick={() =>
                      form.setData(
                        'columns',
                        form.data.columns.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {c.kind === 'question' && (
                  <ChoiceSelect
                    label={one}
                    data={questionData}
                    value={c.question}
                    onChange={(q) => setColumn(i, { ...c, question: q })}
                    error={err[`columns.${i}.question`]}
                  />
                )}
                {c.kind === 'intelligent' && (
                  <ChoiceSelect
                    label="Intelligent column"
                    data={options.intelligentColumns.map((x) => ({ value: x.id, label: x.name }))}
                    value={c.columnId}
                    onChange={(id) => setColumn(i, { ...c, columnId: id })}
                    error={err[`columns.${i}.columnId`]}
                    placeholder={
                      options.intelligentColumns.length ? undefined : 'This form has none yet'
                    }
                  />
                )}
                {c.kind === 'prompt' && (
                  <>
                    <Textarea
                      label="Question in words"
                      placeholder="How did this person's situation change between baseline and endline?"
                      autosize
                      minRows={2}
                      value={c.prompt}
                      onChange={(e) => setColumn(i, { ...c, prompt: e.currentTarget.value })}
                      error={err[`columns.${i}.prompt`]}
                    />
                    <ChoiceMultiSelect
                      label={`${many} it may read`}
                      data={questionData}
                      value={c.questions}
                      onChange={(qs) => setColumn(i, { ...c, questions: qs })}
                      error={err[`columns.${i}.questions`]}
                    />
                  </>
                )}
              </Stack>
            </Card>
          ))}
          <Group justify="space-between">
            <Group gap="xs">
              {kinds.map((k) => (
                <Button
                  key={k.value}
                  variant="default"
                  size="xs"
                  onClick={() =>
                    form.setData('columns', [...form.data.columns, blank(k.value, options)])
                  }
                >
                  Add{' '}
                  {k.value === 'intelligent'
                    ? 'intelligent column'
                    : k.value === 'question' && source === 'dataset'
                      ? 'dataset column'
                      : k.value}
                </Button>
              ))}
            </Group>
            <Button type="submit" loading={form.processing}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
