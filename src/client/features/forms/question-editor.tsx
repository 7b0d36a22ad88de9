import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import {
  Button,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { route } from '@shared/route';
import { addQuestionSchema, updateQuestionSchema } from '@shared/forms/forms.schemas';
import {
  DATE_TYPES,
  NUMBER_TYPES,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  TEXT_TYPES,
  canBeReadOnly,
  hasChoiceList,
  hasChoices,
  isDisplayOnly,
  isUnseen,
  type QuestionType,
} from '@shared/forms/questions';
import type { BuilderQuestion } from '@shared/forms/forms.pages';
import { repeatTrail } from './repeat-trail';
import { ChoiceSelect } from '../../components/choice-select';
import { choiceLines, parseChoices } from './choice-lines';
import { passesCheck } from '../../lib/form-check';
import { QuestionLogic } from './question-logic';
import { QuestionTypePreview } from './question-type-preview';
import {
  FILE_KINDS,
  FILE_KIND_LABELS,
  FILE_MAX_MB_CAP,
  FILE_MAX_MB_DEFAULT,
  type FileKind,
} from '@shared/forms/files';

const choicesText = (q?: BuilderQuestion) => choiceLines(q?.choices);
const rowsText = (q?: BuilderQuestion) =>
  (q?.rows ?? []).map((c) => `${c.value} = ${c.label}`).join('\n');

const KIND_OPTIONS = FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }));
const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));
const s = (v: string | null | undefined) => v ?? '';
const n = (v: string) => (v.trim() === '' ? null : v.trim());

/** Add a question (no `question`) or edit one: label, key, type, hint, required, default, choices, validation. */
export function QuestionEditor({
  formId,
  question,
  earlier,
  disabled,
  onDone,
}: {
  formId: string;
  question?: BuilderQuestion;
  /** the questions before this one: what its skip logic and constraint may read */
  earlier: readonly BuilderQuestion[];
  disabled: boolean;
  onDone?: () => void;
}) {
  const form = useForm({
    type: (question?.type ?? 'short_text') as QuestionType,
    key: question?.key ?? '',
    label: question?.label ?? '',
    hint: s(question?.hint),
    required: question?.required ?? false,
    requiredMessage: s(question?.requiredMessage),
    requiredWhen: s(question?.requiredWhen),
    readOnly: question?.readOnly ?? false,
    choiceFilter: s(question?.choiceFilter),
    defaultValue: s(question?.defaultValue),
    choices: choicesText(question),
    allowOther: question?.allowOther ?? false,
    scale: question?.scale ? String(question.scale) : '5',
    min: s(question?.validation.min),
    max: s(question?.validation.max),
    step: s(question?.validation.step),
    minLength: question?.validation.minLength != null ? String(question.validation.minLength) : '',
    maxLength: question?.validation.maxLength != null ? String(question.validation.maxLength) : '',
    pattern: s(question?.validation.pattern),
    patternMessage: s(question?.validation.patternMessage),
    relevant: s(question?.relevant),
    constraint: s(question?.constraint),
    constraintMessage: s(question?.constraintMessage),
    rows: rowsText(question),
    calculation: s(question?.calculation),
    fileKinds: (question?.validation.fileKinds ?? 'photo') as FileKind,
    maxSizeMb: String(question?.validation.maxSizeMb ?? FILE_MAX_MB_DEFAULT),
    repeatKey: question?.repeatKey ?? '',
    repeatCount: s(question?.repeatCount),
    itemLabel: s(question?.itemLabel),
  });
  const d = form.data;
  const err = form.errors as Record<string, string | undefined>;
  const t = d.type;
  const typeLocked = Boolean(question?.publishedType);
  // the repeats this question may be asked in: any repeat before it (a repeat may hold another),
  // shown with the repeats around it ("Members › Visits")
  const repeatOptions = earlier
    .filter((x) => x.type === 'repeat' && x.key !== question?.key)
    .map((x) => ({ value: x.key, label: `${repeatTrail(earlier, x, true)} (${x.key})` }));

  const shaped = () => ({
    type: t,
    ...(d.key.trim() ? { key: d.key.trim() } : {}),
    label: d.label,
    hint: n(d.hint),
    required: d.required,
    requiredMessage: n(d.requiredMessage),
    requiredWhen: d.required ? n(d.requiredWhen) : null,
    defaultValue: n(d.defaultValue),
    readOnly: canBeReadOnly(t) && d.readOnly,
    ...(hasChoices(t)
      ? {
          choices: parseChoices(d.choices),
          allowOther: d.allowOther,
          choiceFilter: n(d.choiceFilter),
        }
      : {}),
    ...(t === 'matrix' || t === 'ranking' ? { choices: parseChoices(d.choices) } : {}),
    ...(t === 'matrix' ? { rows: parseChoices(d.rows) } : {}),
    ...(t === 'calculate' || (d.readOnly && canBeReadOnly(t))
      ? { calculation: n(d.calculation) }
      : {}),
    ...(t === 'repeat' ? { repeatCount: n(d.repeatCount), itemLabel: n(d.itemLabel) } : {}),
    repeatKey: n(d.repeatKey),
    ...(t === 'rating' ? { scale: d.scale } : {}),
    validation: {
      min: n(d.min),
      max: n(d.max),
      ...(t === 'range' ? { step: n(d.step) } : {}),
      minLength: n(d.minLength),
      maxLength: n(d.maxLength),
      pattern: n(d.pattern),
      patternMessage: n(d.patternMessage),
      ...(t === 'file' ? { fileKinds: d.fileKinds, maxSizeMb: n(d.maxSizeMb) } : {}),
    },
    relevant: n(d.relevant),
    constraint: isDisplayOnly(t) || isUnseen(t) || t === 'file' ? null : n(d.constraint),
    constraintMessage:
      isDisplayOnly(t) || isUnseen(t) || !n(d.constraint) ? null : n(d.constraintMessage),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = shaped();
    const schema = question ? updateQuestionSchema : addQuestionSchema;
    if (!passesCheck(form, schema, data)) return;
    form.transform(() => data);
    const opts = {
      preserveScroll: true,
      onSuccess: () => {
        if (!question) form.reset();
        onDone?.();
      },
    };
    if (question) form.put(route('forms.questions.update', { formQuestion: question.id }), opts);
    else form.post(route('forms.questions.store', { form: formId }), opts);
  };

  const text = (key: keyof typeof d, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      name={key}
      value={String(d[key])}
      onChange={(e) => form.setData(key, e.currentTarget.value as never)}
      error={err[key] ?? err[`validation.${key}`]}
      disabled={disabled}
      {...props}
    />
  );

  /** An expression field (monospace): a choice filter, a condition, a calculation, a count. */
  const expression = (
    key: 'choiceFilter' | 'requiredWhen' | 'calculation' | 'repeatCount',
    label: string,
    description: string,
  ) => (
    <Textarea
      label={label}
      description={description}
      name={key}
      autosize
      minRows={1}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      value={d[key]}
      onChange={(e) => form.setData(key, e.currentTarget.value)}
      error={err[key]}
      disabled={disabled}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceSelect
            label="Type"
            data={TYPE_OPTIONS}
            value={t}
            onChange={(v) => v && form.setData('type', v)}
            error={err.type}
            disabled={disabled || typeLocked}
            description={
              typeLocked
                ? 'Published: the type stays. Add a new question for another type.'
                : undefined
            }
          />
          {text('key', 'Key', {
            description: question?.publishedType
              ? 'Published: the key stays, so the data keeps its column.'
              : 'Stable name of the data column (lower-case, digits, _). Left empty: made from the label.',
            disabled: disabled || Boolean(question?.publishedType),
          })}
        </SimpleGrid>
        <Textarea
          label="Question"
          description="Write ${key} to show an earlier answer in it, e.g. How old is ${member_name}?"
          name="label"
          required
          autosize
          minRows={1}
          value={d.label}
          onChange={(e) => form.setData('label', e.currentTarget.value)}
          error={err.label}
          disabled={disabled}
        />
        {text('hint', 'Hint (optional)')}
        {hasChoices(t) && (
          <>
            <Textarea
              label="Choices"
              description="One a line: value = Label (the value is what the data keeps; it never changes with the label)."
              name="choices"
              autosize
              minRows={3}
              value={d.choices}
              onChange={(e) => form.setData('choices', e.currentTarget.value)}
              error={err.choices}
              disabled={disabled}
            />
            <Checkbox
              label="Add “Other, please specify”"
              checked={d.allowOther}
              onChange={(e) => form.setData('allowOther', e.currentTarget.checked)}
              disabled={disabled}
            />
            {expression(
              'choiceFilter',
              'Choice filter (optional)',
              'Offer a choice only when this is true for it, e.g. state = ${state}: a bare name reads the choice (name, label, or a property given after | on its line, as in “ikeja = Ikeja | state=lagos”), ${key} an earlier answer.',
            )}
          </>
        )}
        {(t === 'matrix' || t === 'ranking') && (
          <Textarea
            label={t === 'matrix' ? 'Scale (shared by every row)' : 'Choices to rank'}
            description="One a line: value = Label (the value is what the data keeps)."
            name="choices"
            autosize
            minRows={3}
            value={d.choices}
            onChange={(e) => form.setData('choices', e.currentTarget.value)}
            error={err.choices}
            disabled={disabled}
          />
        )}
        {t === 'matrix' && (
          <Textarea
            label="Rows"
            description="One a line: value = Label. Each row is a data column named key_value (lower-case, digits, _)."
            name="rows"
            autosize
            minRows={3}
            value={d.rows}
            onChange={(e) => form.setData('rows', e.currentTarget.value)}
            error={err.rows}
            disabled={disabled}
          />
        )}
        {t === 'hidden' && (
          <Text size="sm" c="dimmed">
            Not shown to the respondent. Its value comes from the link (add ?{d.key || 'key'}=value
            to the form’s address), else the stakeholder’s answer under the same key on a personal
            link, else the default below.
          </Text>
        )}
        {hasChoiceList(t) && !hasChoices(t) && (
          <QuestionTypePreview
            type={t}
            label={d.label}
            choices={parseChoices(d.choices)}
            rows={parseChoices(d.rows)}
          />
        )}
        {t === 'geopoint' && (
          <QuestionTypePreview type={t} label={d.label} choices={[]} rows={[]} />
        )}
        {t === 'file' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label="Accepted files"
              data={KIND_OPTIONS}
              value={d.fileKinds}
              onChange={(v) => v && form.setData('fileKinds', v as FileKind)}
              error={err['validation.fileKinds']}
              disabled={disabled}
              description="A photo question offers the camera on phones."
            />
            {text('maxSizeMb', `Largest file (MB, at most ${FILE_MAX_MB_CAP})`, {
              inputMode: 'numeric',
            })}
          </SimpleGrid>
        )}
        {t === 'rating' && text('scale', 'Scale top (3 to 10)', { inputMode: 'numeric' })}
        {!isDisplayOnly(t) && !isUnseen(t) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Checkbox
              label="An answer is required"
              checked={d.required}
              onChange={(e) => form.setData('required', e.currentTarget.checked)}
              disabled={disabled}
              mt="md"
            />
            {d.required && text('requiredMessage', 'Message when left empty (optional)')}
          </SimpleGrid>
        )}
        {d.required &&
          !isDisplayOnly(t) &&
          !isUnseen(t) &&
          expression(
            'requiredWhen',
            'Required only when (optional)',
            'An expression over earlier questions, e.g. ${age} < 18. Empty: required whenever shown.',
          )}
        {!isDisplayOnly(t) &&
          !['acknowledge', 'calculate', 'matrix', 'ranking', 'geopoint', 'file'].includes(t) &&
          text(
            'defaultValue',
            t === 'hidden' ? 'Default value (optional)' : 'Default answer (optional)',
          )}
        {canBeReadOnly(t) && (
          <Checkbox
            label="Read-only: the respondent sees the default answer (or a calculation) and cannot change it"
            checked={d.readOnly}
            onChange={(e) => form.setData('readOnly', e.currentTarget.checked)}
            error={err.readOnly}
            disabled={disabled}
          />
        )}
        {(t === 'calculate' || (d.readOnly && canBeReadOnly(t))) &&
          expression(
            'calculation',
            t === 'calculate'
              ? 'Calculation'
              : 'Calculation shown (optional: else the default answer)',
            "An expression over earlier questions, e.g. ${income} * 12 or if(${age} >= 18, 'adult', 'minor'). Computed in the form and again on the server, whose value is kept.",
          )}
        {t === 'repeat' && (
          <>
            {text('itemLabel', 'One instance is called (e.g. member: “Add member”)')}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('min', 'Fewest instances')}
              {text('max', 'Most instances (up to 200)')}
            </SimpleGrid>
            {expression(
              'repeatCount',
              'Number of instances from an answer (optional)',
              'An expression over earlier questions, e.g. ${household_size}: the form then shows exactly that many and no Add or Remove buttons.',
            )}
          </>
        )}
        {repeatOptions.length > 0 && (
          <ChoiceSelect
            label={t === 'repeat' ? 'Inside repeat group' : 'Asked in repeat group'}
            description={
              t === 'repeat'
                ? 'Repeated within each instance of that group (visits of each member), at most 3 levels deep.'
                : "Asked once per instance; inside it ${field} reads the same instance's answer."
            }
            data={[{ value: '', label: 'No: asked once' }, ...repeatOptions]}
            value={d.repeatKey}
            onChange={(v) => form.setData('repeatKey', v ?? '')}
            error={err.repeatKey}
            disabled={disabled}
          />
        )}
        {t === 'range' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('min', 'Start (default 1)', { inputMode: 'decimal' })}
            {text('max', 'End (default 10)', { inputMode: 'decimal' })}
            {text('step', 'Step (default 1)', { inputMode: 'decimal' })}
          </SimpleGrid>
        )}
        {t !== 'range' && (NUMBER_TYPES.includes(t) || DATE_TYPES.includes(t)) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('min', NUMBER_TYPES.includes(t) ? 'Smallest answer' : 'Earliest')}
            {text('max', NUMBER_TYPES.includes(t) ? 'Largest answer' : 'Latest')}
          </SimpleGrid>
        )}
        {TEXT_TYPES.includes(t) && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('minLength', 'Shortest (characters)', { inputMode: 'numeric' })}
              {text('maxLength', 'Longest (characters)', { inputMode: 'numeric' })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('pattern', 'Pattern (regular expression, whole answer)')}
              {text('patternMessage', 'Message when the pattern does not match')}
            </SimpleGrid>
          </>
        )}
        {/* a page break shows when any of its page's questions does: it has no skip logic of its own */}
        {t !== 'page' && (
          <QuestionLogic
            earlier={earlier}
            relevant={d.relevant}
            constraint={d.constraint}
            takesAnswer={!isDisplayOnly(t) && !isUnseen(t) && t !== 'file'}
            constraintMessage={d.constraintMessage}
            errors={err}
            set={(field, value) => form.setData(field, value)}
            disabled={disabled}
          />
        )}
        {!disabled && (
          <Group justify="flex-end">
            {onDone && question && (
              <Text size="xs" c="dimmed">
                Changes apply to the draft until you publish.
              </Text>
            )}
            <Button type="submit" loading={form.processing}>
              {question ? 'Save question' : 'Add question'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
