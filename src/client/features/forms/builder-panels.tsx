import type { FormEvent } from 'react';
import { router, useForm, usePage } from '@inertiajs/react';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { fromTocSchema, updateFormSchema } from '@shared/forms/forms.schemas';
import type { FormFieldsProps } from '@shared/forms/forms.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

/** "Add from theory of change": a survey question of the project's data points becomes a linked form question. */
export function FromTocPanel({
  form,
  tocQuestions,
  disabled,
}: Pick<FormFieldsProps, 'form' | 'tocQuestions'> & { disabled: boolean }) {
  const f = useForm({ surveyQuestionId: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(f, fromTocSchema)) return;
    f.post(route('forms.questions.from-toc', { form: form.id }), {
      preserveScroll: true,
      onSuccess: () => f.reset(),
    });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Add from the theory of change
      </Title>
      {tocQuestions.length === 0 ? (
        <Text size="sm" c="dimmed">
          This project has no survey questions yet. Add them under a metric’s data points (problem
          workspace → metric → data point), then link them here so their answers feed the metric.
        </Text>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <ChoiceSelect
              label="Survey question"
              searchable
              data={tocQuestions.map((q) => ({
                value: q.id,
                label: `${q.text} — ${q.metric} › ${q.dataPoint}${q.used ? ' (in this form)' : ''}`,
              }))}
              value={f.data.surveyQuestionId || null}
              onChange={(v) => f.setData('surveyQuestionId', v)}
              error={f.errors.surveyQuestionId}
              disabled={disabled}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={f.processing} disabled={disabled}>
                Add linked question
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}

/** What publishing changes against the last version, and the publish button. */
export function PublishPanel({
  form,
  diff,
  versions,
  disabled,
}: Pick<FormFieldsProps, 'form' | 'diff' | 'versions'> & { disabled: boolean }) {
  const lines: string[] = [];
  for (const q of diff.added) lines.push(`Added: ${q.label} (${q.key})`);
  for (const q of diff.removed)
    lines.push(`Removed: ${q.label} (${q.key}) — its answers stay in the export`);
  for (const q of diff.choicesRemoved)
    lines.push(`Choices removed from ${q.key}: ${q.values.join(', ')}`);
  for (const q of diff.typeChanged) lines.push(`Type changed: ${q.key} ${q.from} → ${q.to}`);
  for (const q of diff.relabelled) lines.push(`Reworded: ${q.key} (the column keeps its key)`);
  for (const q of diff.logicChanged)
    lines.push(`Rules changed (skip logic, constraint or choice filter): ${q.label} (${q.key})`);
  const publishError = (usePage().props.errors as Record<string, string> | undefined)?.publish;
  const publish = () =>
    router.post(route('form-versions.store', { form: form.id }), {}, { preserveScroll: true });
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Publish
      </Title>
      {publishError && (
        <Alert color="red" mb="sm" role="alert" title="Not published">
          {publishError}
        </Alert>
      )}
      {diff.unchanged ? (
        <Text size="sm">The draft is the same as version {form.currentVersion}.</Text>
      ) : (
        <>
          <Text size="sm" mb={4}>
            {diff.first
              ? 'The first version will ask:'
              : `Changes since version ${form.currentVersion}:`}
          </Text>
          <List size="sm" spacing={2} mb="sm">
            {lines.length ? (
              lines.map((l) => <List.Item key={l}>{l}</List.Item>)
            ) : (
              <List.Item>Order or settings only</List.Item>
            )}
          </List>
          {diff.removed.length + diff.choicesRemoved.length > 0 && (
            <Alert color="yellow" mb="sm">
              Responses already collected keep the removed questions and choices; exports keep their
              columns.
            </Alert>
          )}
        </>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {versions.length
            ? `${versions.length} published version${versions.length > 1 ? 's' : ''}; latest ${versions[0].number}`
            : 'Not published yet'}
        </Text>
        <Button onClick={publish} disabled={disabled || diff.unchanged}>
          Publish version {form.currentVersion + 1}
        </Button>
      </Group>
    </Card>
  );
}

/** Open and close dates, response limit, thank-you text. */
export function SettingsPanel({
  form,
  disabled,
}: Pick<FormFieldsProps, 'form'> & { disabled: boolean }) {
  const f = useForm({
    opensAt: form.settings.opensAt ?? '',
    closesAt: form.settings.closesAt ?? '',
    responseLimit: form.settings.responseLimit != null ? String(form.settings.responseLimit) : '',
    thankYou: form.settings.thankYou ?? '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(f, updateFormSchema)) return;
    f.put(route('forms.update', { form: form.id }), { preserveScroll: true });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Settings
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Opens (YYYY-MM-DD)"
              name="opensAt"
              value={f.data.opensAt}
              onChange={(e) => f.setData('opensAt', e.currentTarget.value)}
              error={f.errors.opensAt}
              disabled={disabled}
            />
            <TextInput
              label="Closes (YYYY-MM-DD)"
              name="closesAt"
              value={f.data.closesAt}
              onChange={(e) => f.setData('closesAt', e.currentTarget.value)}
              error={f.errors.closesAt}
              disabled={disabled}
            />
          </SimpleGrid>
          <TextInput
            label="Response limit"
            inputMode="numeric"
            name="responseLimit"
            value={f.data.responseLimit}
            onChange={(e) => f.setData('responseLimit', e.currentTarget.value)}
            error={f.errors.responseLimit}
            disabled={disabled}
          />
          <Textarea
            label="Thank-you text"
            name="thankYou"
            autosize
            minRows={2}
            value={f.data.thankYou}
            onChange={(e) => f.setData('thankYou', e.currentTarget.value)}
            error={f.errors.thankYou}
            disabled={disabled}
          />
          {!disabled && (
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={f.processing}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
