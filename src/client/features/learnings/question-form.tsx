import { type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import { learningQuestionSchema } from '@shared/learnings/learnings.schemas';
import type { LearningQuestionView, LearningsTab } from '@shared/learnings/learnings';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

/** Add a question (or edit one in place). */
export function QuestionForm({
  problemId,
  tab,
  question,
  onDone,
}: {
  problemId: string;
  tab: LearningsTab;
  question?: LearningQuestionView;
  onDone?: () => void;
}) {
  const form = useForm({ text: question?.text ?? '', elementId: question?.element?.id ?? '' });
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const body = { text: form.data.text, elementId: form.data.elementId || null };
    if (!passesCheck(form, learningQuestionSchema, body)) return;
    form.transform(() => body);
    const opts = {
      preserveScroll: true,
      onSuccess: () => {
        form.reset();
        onDone?.();
      },
    };
    if (question)
      form.put(route('learning-questions.update', { learningQuestion: question.id }), opts);
    else form.post(route('learning-questions.store', { problem: problemId }), opts);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={question ? 'Question' : 'New learning question'}
          placeholder="e.g. Why do girls in rural schools drop out after grade 6?"
          value={form.data.text}
          onChange={(e) => form.setData('text', e.currentTarget.value)}
          error={errors.text}
          style={{ flex: 2, minWidth: 240 }}
        />
        <ChoiceSelect
          label="About"
          noneLabel="The problem as a whole"
          data={tab.options.elements.map((e) => ({
            value: e.id,
            label: `${ELEMENT_KIND_LABELS[e.kind]}: ${e.title}`,
          }))}
          value={form.data.elementId || null}
          onChange={(v) => form.setData('elementId', v)}
          error={errors.elementId}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Group gap="xs" mt={25}>
          {onDone && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant={question ? 'filled' : 'light'} loading={form.processing}>
            {question ? 'Save' : 'Add question'}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
