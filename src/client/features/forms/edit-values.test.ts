import { describe, expect, it } from 'vitest';
import { filledAnswers, toEditValue, type EditAnswers } from './edit-values';

const asEdited = (answers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, toEditValue(v)])) as EditAnswers;

describe('the response edit form’s values', () => {
  it('keeps the instances of a repeat inside a repeat, at every level, through an edit of another answer', () => {
    const stored = {
      village: 'Kisumu',
      members: [
        {
          name: 'Ann',
          age: 3,
          visits: [
            { clinic: 'North', vaccinated: 'yes', doses: [{ vaccine: 'Polio' }] },
            { clinic: 'South' },
          ],
        },
        { name: 'Ben', age: 40, visits: [] },
      ],
    };
    const held = asEdited(stored);
    // numbers as the text an input holds, the inner lists as lists of instances
    expect((held.members as EditAnswers[])[0]).toEqual({
      name: 'Ann',
      age: '3',
      visits: [
        { clinic: 'North', vaccinated: 'yes', doses: [{ vaccine: 'Polio' }] },
        { clinic: 'South' },
      ],
    });
    // the village edited: what is sent keeps every inner instance (an empty list is no answer)
    expect(filledAnswers({ ...held, village: 'Kisumu East' })).toEqual({
      village: 'Kisumu East',
      members: [
        {
          name: 'Ann',
          age: '3',
          visits: [
            { clinic: 'North', vaccinated: 'yes', doses: [{ vaccine: 'Polio' }] },
            { clinic: 'South' },
          ],
        },
        { name: 'Ben', age: '40' },
      ],
    });
  });

  it('drops what was emptied inside a nested instance, as at the top', () => {
    const held = asEdited({ members: [{ name: 'Ann', visits: [{ clinic: 'North' }] }] });
    const members = held.members as EditAnswers[];
    const visits = members[0].visits as EditAnswers[];
    const emptied = { members: [{ ...members[0], visits: [{ ...visits[0], clinic: '' }] }] };
    expect(filledAnswers(emptied)).toEqual({ members: [{ name: 'Ann', visits: [{}] }] });
  });
});
