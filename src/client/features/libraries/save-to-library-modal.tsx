import { useEffect } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import { SECTORS } from '@shared/libraries/sectors';
import { saveToLibrarySchema } from '@shared/libraries/libraries.schemas';
import { passesCheck } from '../../lib/form-check';
import { fieldProps } from '../../lib/field-props';
import type { ProblemOption } from '@shared/libraries/libraries.pages';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** the problem to save; without it the modal asks which one (from `problems`) */
  problem?: { id: string; title: string } | null;
  problems?: ProblemOption[];
}

/**
 * Save one of the team's problems to the team library as a template: its whole theory of change
 * with metrics and definitions, without baselines, targets or values. Usable from any page.
 */
export function SaveToLibraryModal({ opened, onClose, problem, problems = [] }: Props) {
  const form = useForm({
    problemId: problem?.id ?? '',
    kind: 'problem',
    sector: '',
    title: '',
    summary: '',
  });
  useEffect(() => {
    if (opened) {
      form.clearErrors();
      form.setData((d) => ({ ...d, problemId: problem?.id ?? d.problemId }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, problem?.id]);

  const submit = () => {
    // the problem goes in the URL, the rest is the schema's body
    const body = ({ problemId: _p, ...rest }: typeof form.data) => ({
      ...rest,
      title: rest.title || undefined,
      summary: rest.summary || undefined,
    });
    const bodyOk = passesCheck(form, saveToLibrarySchema, body(form.data));
    if (!form.data.problemId) {
      form.setError('problemId', 'Choose the problem to save.');
      return;
    }
    if (!bodyOk) return;
    form.transform(body);
    form.post(route('libraries.save', { problem: form.data.problemId }), {
      preserveScroll: true,
      onSuccess: () => (form.reset(), onClose()),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Save to your team’s library" centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          The whole theory of change is saved with its metrics, definitions, data points and survey
          questions. Baselines, targets and values stay with the original. Anyone in your team can
          then copy it into a project.
        </Text>
        {problem ? (
          <Text size="sm">
            Problem: <b>{problem.title}</b>
          </Text>
        ) : (
          <ChoiceSelect
            label="Problem"
            placeholder="Choose one of your team’s problems"
            data={problems.map((p) => ({ value: p.id, label: `${p.title} (${p.projectName})` }))}
            value={form.data.problemId || null}
            onChange={(v) => form.setData('problemId', v ?? '')}
            error={form.errors.problemId}
            searchable
            required
            data-autofocus
            data-testid="save-problem"
          />
        )}
        <ChoiceSelect
          label="Sector"
          placeholder="Choose a sector"
          data={SECTORS.map((s) => ({ value: s.key, label: s.label }))}
          value={form.data.sector || null}
          onChange={(v) => form.setData('sector', v ?? '')}
          error={form.errors.sector}
          searchable
          required
          data-testid="save-sector"
        />
        <TextInput
          label="Title"
          description="Leave empty to use the problem’s title."
          {...fieldProps(form, 'title', saveToLibrarySchema)}
        />
        <Textarea
          label="Summary"
          description="One or two sentences shown on the library card. Leave empty to use the problem statement."
          {...fieldProps(form, 'summary', saveToLibrarySchema)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={form.processing} data-testid="save-to-library-submit">
            Save to library
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
