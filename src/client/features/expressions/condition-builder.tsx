import { useId, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  check,
  fromVisual,
  parse,
  print,
  toVisual,
  type Condition,
  type Operator,
  type Rule,
} from '@shared/expressions';
import { ChoiceSelect } from '../../components/choice-select';
import {
  defaultRule,
  OPERATOR_LABELS,
  operatorsFor,
  valueFromInput,
  type ConditionField,
} from './condition-rules';

interface Props {
  fields: readonly ConditionField[];
  /** the expression text ('' when the question is always shown) */
  value: string;
  onChange: (expression: string) => void;
  label?: string;
  /** the server's error on the expression (from the last save), linked to the inputs */
  error?: string;
  /** what no condition means (skip logic: the question is always shown) */
  noRulesText?: string;
}

/** The visual form of an expression, or null when only the text mode can show it. */
function visualOf(text: string): Condition | null {
  if (text.trim() === '') return { combinator: 'all', rules: [] };
  const r = parse(text);
  return r.ok ? toVisual(r.ast) : null;
}

/** The positioned error of an expression, or null. */
function errorOf(text: string, fields: readonly ConditionField[]): string | null {
  if (text.trim() === '') return null;
  const r = parse(text);
  const e = r.ok
    ? check(
        r.ast,
        fields.map((f) => f.key),
      )[0]
    : r.error;
  return e ? `${e.message} (at character ${e.start + 1})` : null;
}

/**
 * Skip logic: "show this question when …". Rows of question / operator / value joined by all or
 * any, or a text mode for any expression of the language (src/shared/expressions). The value is
 * always the expression text; the rows are read from and written to its AST.
 */
export function ConditionBuilder({
  fields,
  value,
  onChange,
  label = 'Show this question when',
  error: serverError,
  noRulesText = 'Always shown. Add a condition to show it only for some answers.',
}: Props) {
  const visual = visualOf(value);
  const [textMode, setTextMode] = useState(visual === null);
  const id = useId();
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const emit = (c: Condition) => {
    const ast = fromVisual(c);
    onChange(ast ? print(ast) : '');
  };

  if (textMode || visual === null) {
    const error = errorOf(value, fields) ?? serverError;
    return (
      <Stack gap="xs">
        <Textarea
          label={label}
          description="An expression, e.g. ${age} >= 18 and selected(${services}, 'health')"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={visual === null}
            onClick={() => setTextMode(false)}
          >
            Use the visual builder
          </Button>
          {visual === null && !error && (
            <Text size="xs" c="dimmed">
              This expression is too complex for the visual builder.
            </Text>
          )}
        </Group>
      </Stack>
    );
  }

  const { combinator, rules } = visual;
  const setRule = (i: number, rule: Rule) =>
    emit({ combinator, rules: rules.map((r, j) => (j === i ? rule : r)) });
  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={serverError ? `${id}-error` : undefined}
    >
      <Text id={`${id}-label`} size="sm" fw={500}>
        {label}
      </Text>
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {noRulesText}
        </Text>
      )}
      {rules.length > 1 && (
        <ChoiceSelect
          label="Match"
          w={220}
          data={[
            { value: 'all', label: 'all of these conditions' },
            { value: 'any', label: 'any of these conditions' },
          ]}
          value={combinator}
          onChange={(c) => emit({ combinator: c === 'any' ? 'any' : 'all', rules })}
        />
      )}
      {rules.map((rule, i) => {
        const field = byKey.get(rule.field);
        const n = i + 1;
        const noValue = rule.operator === 'empty' || rule.operator === 'not-empty';
        return (
          <Group key={i} gap="xs" align="flex-end" wrap="wrap">
            <ChoiceSelect
              label={`Question ${n}`}
              w={{ base: '100%', sm: 200 }}
              data={fields.map((f) => ({ value: f.key, label: f.label }))}
              value={rule.field}
              onChange={(key) => {
                const f = byKey.get(key);
                if (f) setRule(i, defaultRule(f));
              }}
            />
            <ChoiceSelect
              label={`Comparison ${n}`}
              w={{ base: '100%', sm: 170 }}
              data={operatorsFor(field, rule.operator).map((op) => ({
                value: op,
                label: OPERATOR_LABELS[op],
              }))}
              value={rule.operator}
              onChange={(op) =>
                setRule(i, {
                  ...rule,
                  operator: op as Operator,
                  value: op === 'empty' || op === 'not-empty' ? '' : rule.value,
                })
              }
            />
            {!noValue &&
              (field?.choices ? (
                <ChoiceSelect
                  label={`Answer ${n}`}
                  w={{ base: '100%', sm: 200 }}
                  data={field.choices.map((c) => ({ value: c.value, label: c.label }))}
                  value={String(rule.value)}
                  onChange={(v) => setRule(i, { ...rule, value: v })}
                />
              ) : (
                <TextInput
                  label={`Answer ${n}`}
                  w={{ base: '100%', sm: 160 }}
                  type={field?.type === 'date' ? 'date' : 'text'}
                  inputMode={typeof rule.value === 'number' ? 'decimal' : undefined}
                  value={String(rule.value)}
                  onChange={(e) =>
                    setRule(i, { ...rule, value: valueFromInput(field, e.currentTarget.value) })
                  }
                />
              ))}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove condition ${n}`}
              onClick={() => emit({ combinator, rules: rules.filter((_, j) => j !== i) })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={fields.length === 0}
          onClick={() => emit({ combinator, rules: [...rules, defaultRule(fields[0])] })}
        >
          Add a condition
        </Button>
        <Button variant="subtle" size="xs" onClick={() => setTextMode(true)}>
          Edit as text
        </Button>
      </Group>
      {serverError && (
        <Text id={`${id}-error`} size="sm" c="red" role="alert">
          {serverError}
        </Text>
      )}
    </Stack>
  );
}
