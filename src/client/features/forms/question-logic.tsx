import { Fieldset, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { isDisplayOnly, type QuestionDef } from '@shared/forms/questions';
import { ConditionBuilder } from '../expressions/condition-builder';
import type { ConditionField } from '../expressions/condition-rules';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The questions a rule may read (those before this one), as the condition builder knows them. */
function conditionFields(earlier: readonly QuestionDef[]): ConditionField[] {
  return earlier
    .filter((q) => !isDisplayOnly(q.type))
    .map((q) => {
      const label = `${q.label.slice(0, 60)} (${q.key})`;
      if (q.type === 'multiple_choice')
        return { key: q.key, label, type: 'select_multiple', choices: q.choices };
      if (q.type === 'single_choice' || q.type === 'dropdown')
        return { key: q.key, label, type: 'select_one', choices: q.choices };
      if (q.type === 'yes_no') return { key: q.key, label, type: 'select_one', choices: YES_NO };
      return { key: q.key, label, type: q.type };
    });
}

interface Props {
  earlier: readonly QuestionDef[];
  relevant: string;
  constraint: string;
  constraintMessage: string;
  errors: Record<string, string | undefined>;
  set: (field: 'relevant' | 'constraint' | 'constraintMessage', value: string) => void;
  disabled: boolean;
  /** false for a note: no answer to constrain */
  takesAnswer: boolean;
}

/** The question's skip logic (condition builder or text) and its custom constraint with its message. */
export function QuestionLogic({ earlier, errors, set, disabled, takesAnswer, ...v }: Props) {
  const fields = conditionFields(earlier);
  return (
    <>
      <Fieldset legend="Skip logic" variant="filled">
        {disabled ? (
          <Text size="sm">{v.relevant ? `Shown when ${v.relevant}` : 'Always shown.'}</Text>
        ) : fields.length === 0 && !v.relevant ? (
          <Text size="sm" c="dimmed">
            Always shown. Skip logic reads the questions before this one: add or move one above it
            to show this question only for some answers.
          </Text>
        ) : (
          <ConditionBuilder
            fields={fields}
            value={v.relevant}
            onChange={(text) => set('relevant', text)}
            error={errors.relevant}
          />
        )}
      </Fieldset>
      {takesAnswer && (
        <Fieldset legend="Custom constraint" variant="filled">
          <Stack gap="xs">
            <Textarea
              label="Accept the answer only when (optional)"
              description="An expression over . (this answer) and earlier answers, e.g. . >= 18 and . <= ${age}"
              name="constraint"
              autosize
              minRows={1}
              value={v.constraint}
              onChange={(e) => set('constraint', e.currentTarget.value)}
              error={errors.constraint}
              disabled={disabled}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {v.constraint.trim() !== '' && (
              <TextInput
                label="Message when the constraint fails"
                name="constraintMessage"
                value={v.constraintMessage}
                onChange={(e) => set('constraintMessage', e.currentTarget.value)}
                error={errors.constraintMessage}
                disabled={disabled}
              />
            )}
          </Stack>
        </Fieldset>
      )}
    </>
  );
}
