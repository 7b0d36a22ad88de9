import type { ConditionField } from '../../src/client/features/expressions/condition-rules.js';

/** The questions the condition builder harness offers. */
export const HARNESS_FIELDS: ConditionField[] = [
  { key: 'age', label: 'Age', type: 'integer' },
  {
    key: 'services',
    label: 'Services used',
    type: 'select_multiple',
    choices: [
      { value: 'health', label: 'Health' },
      { value: 'school', label: 'School' },
    ],
  },
  {
    key: 'consent',
    label: 'Consent given',
    type: 'select_one',
    choices: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  { key: 'visit', label: 'Visit date', type: 'date' },
];
