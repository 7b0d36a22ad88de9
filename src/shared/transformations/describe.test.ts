import { describe, expect, it } from 'vitest';
import { describeStep } from './describe.js';
import { stepSchema, type StepInput } from './steps.js';

const cols = [
  { key: 'age', label: 'Age', type: 'integer' as const },
  { key: 'sex', label: 'Sex', type: 'text' as const },
];
const words = (s: StepInput) => describeStep(stepSchema.parse(s), cols);
const base = { id: 'a', enabled: true };

describe('a step in plain words', () => {
  it('names columns by their labels, expressions included', () => {
    expect(words({ ...base, kind: 'filter', expression: '${age} >= 18' })).toBe(
      'Keep the rows where “Age” >= 18.',
    );
    expect(words({ ...base, kind: 'fill', column: 'age', method: 'median' })).toBe(
      'Fill empty values of “Age” with the column’s median.',
    );
    expect(
      words({
        ...base,
        kind: 'bins',
        column: 'age',
        label: 'Age group',
        breaks: [18, 60],
        labels: ['Child', 'Adult', 'Older'],
      }),
    ).toBe(
      'Recode “Age” into “Age group”: below 18: “Child”; 18 to below 60: “Adult”; 60 and above: “Older”.',
    );
    expect(
      words({
        ...base,
        kind: 'columns',
        changes: [
          { column: 'sex', type: 'category', onFail: 'drop' },
          { column: 'age', remove: true },
        ],
      }),
    ).toBe(
      'Column “Sex”: change its type to category (drop the rows whose value does not convert). Remove the column “Age”.',
    );
  });

  it('the schema refuses limits that do not go up and a wrong number of categories', () => {
    const r = stepSchema.safeParse({
      ...base,
      kind: 'bins',
      column: 'age',
      label: 'Band',
      breaks: [5, 5],
      labels: ['a', 'b'],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['breaks.1', 'labels']);
  });
});

describe('split and merge in plain words', () => {
  it('says how a column is split and what a merge joins', () => {
    expect(
      words({
        ...base,
        kind: 'split',
        column: 'sex',
        delimiter: ',',
        into: 'parts',
        count: 3,
        label: 'Part',
      }),
    ).toBe('Split “Sex” at each “,” into 3 columns “Part 1”…“Part 3”.');
    expect(
      words({
        ...base,
        kind: 'split',
        column: 'sex',
        delimiter: ' ',
        into: 'last',
        label: 'Surname',
      }),
    ).toBe('Put the part of “Sex” after the last “ ” in the column “Surname”.');
    expect(
      words({ ...base, kind: 'merge', columns: ['sex', 'age'], separator: ' - ', label: 'Both' }),
    ).toBe('Merge “Sex” and “Age” into “Both”, separated by “ - ”.');
  });
});
