import { describe, expect, it } from 'vitest';
import { choiceLines, parseChoices } from './choice-lines';

describe('the builder’s choices text', () => {
  it('reads values, labels and properties, and writes them back the same', () => {
    const text = 'ikeja = Ikeja | state=lagos\nfagge = Fagge | state=kano | zone=north\nOther town';
    const choices = parseChoices(text);
    expect(choices).toEqual([
      { value: 'ikeja', label: 'Ikeja', properties: { state: 'lagos' } },
      { value: 'fagge', label: 'Fagge', properties: { state: 'kano', zone: 'north' } },
      { value: 'other_town', label: 'Other town' },
    ]);
    expect(choiceLines(choices)).toBe(
      'ikeja = Ikeja | state=lagos\nfagge = Fagge | state=kano | zone=north\nother_town = Other town',
    );
    expect(parseChoices(choiceLines(choices))).toEqual(choices);
  });

  it('keeps a bar that starts no property as part of the label', () => {
    expect(parseChoices('a = Yes | No')).toEqual([{ value: 'a', label: 'Yes | No' }]);
    expect(parseChoices('a = 1|2 | k=v')).toEqual([
      { value: 'a', label: '1|2', properties: { k: 'v' } },
    ]);
  });
});
