import { describe, expect, it } from 'vitest';
import { elementDialogTitle } from './labels';

describe('element dialog title', () => {
  it('names the kind the button said ("Add outcome" opens "Add an outcome")', () => {
    expect(elementDialogTitle({ type: 'create', kinds: ['outcome', 'impact'] })).toBe(
      'Add an outcome',
    );
    expect(elementDialogTitle({ type: 'create', kinds: ['activity'] })).toBe('Add an activity');
    expect(
      elementDialogTitle({ type: 'create', kinds: ['output'], parent: { title: 'Training' } }),
    ).toBe('Add an output that “Training” leads to');
    expect(
      elementDialogTitle({
        type: 'create',
        kinds: ['outcome', 'impact'],
        parent: { title: 'Girls mentored' },
      }),
    ).toBe('Add a next step that “Girls mentored” leads to');
    expect(elementDialogTitle({ type: 'edit', element: { kind: 'impact' } })).toBe('Edit impact');
  });
});
