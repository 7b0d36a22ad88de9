import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import {
  ANSWER_TYPE_LABELS,
  createSurveyQuestionSchema,
  updateSurveyQuestionSchema,
} from '@shared/metrics/metrics.schemas';
import { passesCheck } from '../../lib/form-check';
import { errorUnder, options } from './lib';
import type { QuestionView } from '@shared/metrics/metrics.pages';

interface Props {
  opened: boolean;
  onClose: () => void;
  dataPointId?: string;
  question?: QuestionView;
}

/** The question a survey will ask to produce a data point: text, answer type, choices. */
export function SurveyQuestionFormModal({ opened, onClose, dataPointId, question }: Props) {
  const form = useForm({
    text: question?.text ?? '',
    helpText: question?.helpText ?? '',
    answerType: question?.answerType ?? 'number',
    choices: question?.choices ?? ([] as string[]),
    required: question?.required ?? false,
  });
  const errors = form.errors as Record<string, string | undefined>;
  const needsChoices =
    form.data.answerType === 'single_choice' || form.data.answerType === 'multiple_choice';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const schema = question ? updateSurveyQuestionSchema : createSurveyQuestionSchema;
    if (!passesCheck(form, schema)) return;
    const opts = { preserveScroll: true, onSuccess: () => onClose() };
    if (question) form.put(route('survey-questions.update', { surveyQuestion: question.id }), opts);
    else if (dataPointId)
      form.post(route('survey-questions.store', { dataPoint: dataPointId }), opts);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit survey question' : 'Add a survey question'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Question"
            required
            value={form.data.text}
            onChange={(e) => form.setData('text', e.currentTarget.value)}
            error={errors.text}
            data-autofocus
          />
          <Textarea
            label="Help text"
            autosize
            minRows={2}
            value={form.data.helpText}
            onChange={(e) => form.setData('helpText', e.currentTarget.value)}
            error={errors.helpText}
          />
          <ChoiceSelect
            label="Answer type"
            data={options(ANSWER_TYPE_LABELS)}
            value={form.data.answerType}
            onChange={(v) => form.setData('answerType', v ?? 'text')}
            error={errors.answerType}
          />
          {needsChoices && (
            <TagsInput
              label="Choices"
              description="Type a choice and press Enter"
              value={form.data.choices}
              onChange={(v) => form.setData('choices', v)}
              error={errorUnder(errors, 'choices')}
            />
          )}
          <Switch
            label="An answer is required"
            checked={form.data.required}
            onChange={(e) => form.setData('required', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {question ? 'Save' : 'Add question'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
