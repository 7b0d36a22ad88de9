import type { Operator, Rule } from '@shared/expressions';

/** A question the condition builder can refer to. */
export interface ConditionField {
  key: string;
  label: string;
  /** the question type: integer, decimal, date, select_one, select_multiple, text, … */
  type: string;
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

export const OPERATOR_LABELS: Record<Operator, string> = {
  '=': 'is',
  '!=': 'is not',
  '<': 'is less than',
  '<=': 'is at most',
  '>': 'is more than',
  '>=': 'is at least',
  selected: 'includes',
  'not-selected': 'does not include',
  empty: 'is empty',
  'not-empty': 'is answered',
};

const NUMERIC = new Set([
  'integer',
  'decimal',
  'range',
  'rating',
  'nps',
  'date',
  'time',
  'datetime',
]);

const isNumeric = (f: ConditionField | undefined) =>
  f !== undefined && NUMERIC.has(f.type) && f.type !== 'date';

/** The operators that make sense for a question (plus the rule's own, so a parsed rule shows). */
export function operatorsFor(field: ConditionField | undefined, current?: Operator): Operator[] {
  const ops: Operator[] =
    field?.type === 'select_multiple'
      ? ['selected', 'not-selected']
      : field && NUMERIC.has(field.type)
        ? ['=', '!=', '<', '<=', '>', '>=']
        : ['=', '!='];
  ops.push('empty', 'not-empty');
  if (current && !ops.includes(current)) ops.push(current);
  return ops;
}

/** A new rule on a question: its first operator and a starting value of the right kind. */
export function defaultRule(field: ConditionField): Rule {
  const operator = operatorsFor(field)[0];
  const value = field.choices?.[0]?.value ?? (isNumeric(field) ? 0 : '');
  return { field: field.key, operator, value };
}

/** The rule's value as the input shows it, and back (numbers for number questions). */
export function valueFromInput(field: ConditionField | undefined, text: string): string | number {
  if (!isNumeric(field)) return text;
  const n = Number(text);
  // '1.' stays text while it is typed: the input would otherwise turn it into '1'
  return Number.isFinite(n) && String(n) === text ? n : text;
}
