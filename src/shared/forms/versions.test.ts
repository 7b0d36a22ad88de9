import { describe, expect, it } from 'vitest';
import { diffVersions } from './versions.js';
import type { QuestionDef } from './questions.js';

const q = (key: string, over: Partial<QuestionDef> = {}): QuestionDef => ({
  key,
  type: 'single_choice',
  label: key.toUpperCase(),
  hint: null,
  required: false,
  requiredMessage: null,
  defaultValue: null,
  choices: [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ],
  allowOther: false,
  scale: null,
  validation: {},
  ...over,
});

describe('diffVersions', () => {
  it('says what publishing changes, by key', () => {
    const d = diffVersions(
      [q('x'), q('y'), q('z')],
      [
        q('x', { choices: [{ value: 'a', label: 'A' }], label: 'New X' }),
        q('y', { type: 'dropdown' }),
        q('w'),
      ],
    );
    expect(d.added.map((a) => a.key)).toEqual(['w']);
    expect(d.removed.map((a) => a.key)).toEqual(['z']);
    expect(d.choicesRemoved).toEqual([{ key: 'x', label: 'New X', values: ['b'] }]);
    expect(d.typeChanged).toEqual([
      { key: 'y', label: 'Y', from: 'Single choice', to: 'Dropdown' },
    ]);
    expect(d.relabelled.map((a) => a.key)).toEqual(['x']);
    expect(d.unchanged).toBe(false);
  });

  it('a first version and an unchanged draft (whatever the key order jsonb gave back)', () => {
    expect(diffVersions(null, [q('x')]).first).toBe(true);
    const reordered = Object.fromEntries(
      Object.entries(q('x')).reverse(),
    ) as unknown as QuestionDef;
    expect(diffVersions([reordered], [q('x')]).unchanged).toBe(true);
    expect(diffVersions([q('x'), q('y')], [q('y'), q('x')]).unchanged).toBe(false);
  });

  it('reports changed skip logic or constraints as a change', () => {
    const d = diffVersions(
      [q('x'), q('y', { relevant: "${x} = 'a'" })],
      [q('x', { constraint: ". != 'b'" }), q('y', { relevant: "${x} = 'b'" })],
    );
    expect(d.logicChanged.map((c) => c.key)).toEqual(['x', 'y']);
    expect(d.unchanged).toBe(false);
    expect(diffVersions([q('x', { relevant: null })], [q('x')]).unchanged).toBe(true);
  });
});
