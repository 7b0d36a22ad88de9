import { describe, expect, it } from 'vitest';
import { fillText, questionsByKey } from './label-text.js';
import { questionDef as q } from './test-support.js';

const words = { yes: 'Yes', no: 'No' };
const byKey = questionsByKey([
  q('name', 'short_text'),
  q('crops', 'multiple_choice', {
    choices: [
      { value: 'maize', label: 'Maize' },
      { value: 'rice', label: 'Rice' },
    ],
  }),
  q('state', 'dropdown', { choices: [{ value: 'kano', label: 'Kano' }] }),
  q('owns', 'yes_no'),
  q('age', 'integer'),
  q('members', 'repeat', { questions: [q('member_name', 'short_text')] }),
]);

describe('labels that show answers', () => {
  it('fill ${key} with the answer as the respondent sees it', () => {
    const fill = (text: string, answers: Record<string, unknown>) =>
      fillText(text, answers as never, byKey, words);
    expect(fill('Thanks ${name}, you are ${age}.', { name: 'Ada', age: 34 })).toBe(
      'Thanks Ada, you are 34.',
    );
    expect(fill('You grow ${crops} in ${state}', { crops: ['maize', 'rice'], state: 'kano' })).toBe(
      'You grow Maize, Rice in Kano',
    );
    expect(fill('Owner: ${owns}', { owns: 'no' })).toBe('Owner: No');
    // a repeat's question (inside its instance) and an unanswered one
    expect(fill('How old is ${member_name}?', { member_name: 'Bo' })).toBe('How old is Bo?');
    expect(fill('Hello ${name}!', {})).toBe('Hello !');
    // not a question of the form: left as written
    expect(fill('Costs ${price}', { price: 3 })).toBe('Costs ${price}');
  });
});
