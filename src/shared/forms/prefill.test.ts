import { describe, expect, it } from 'vitest';
import { repeatPrefill } from './prefill.js';
import { questionDef } from './test-support.js';

const q = questionDef;
const choices = [
  { value: 'farm', label: 'Farm' },
  { value: 'shop', label: 'Shop' },
];
const members = q('members', 'repeat', {
  validation: { max: '3' },
  questions: [
    q('name', 'short_text', { required: true }),
    q('age', 'integer', { validation: { max: '120' } }),
    q('work', 'single_choice', { choices, allowOther: true }),
    q('home', 'geopoint'),
    q('adult', 'acknowledge'),
    q('num', 'calculate', { calculation: 'position(..)' }),
  ],
});

describe('repeatPrefill', () => {
  it('gives the instances as the inputs hold them: numbers as text, other text kept', () => {
    expect(
      repeatPrefill(members, [
        { name: 'Amina', age: 34, home: { lat: -1.5, lon: 36.25 }, adult: true, num: 1 },
        { name: 'Juma', work: 'other', work__other: 'Fishing', num: 2 },
      ]),
    ).toEqual([
      { name: 'Amina', age: '34', home: { lat: '-1.5', lon: '36.25' }, adult: true },
      { name: 'Juma', work: 'other', work__other: 'Fishing' },
    ]);
  });

  it('drops what this version no longer takes, empty instances, and instances past the maximum', () => {
    expect(
      repeatPrefill(members, [
        // a choice since removed, an age now out of range, a question since deleted
        { name: 'Amina', work: 'boat', age: 300, pet: 'cat' },
        { pet: 'dog' },
        'junk',
        { name: 'B' },
        { name: 'C' },
        { name: 'D' },
      ]),
    ).toEqual([{ name: 'Amina' }, { name: 'B' }, { name: 'C' }]);
  });

  it('is null for no list, an empty one, or a question that is not a repeat', () => {
    expect(repeatPrefill(members, undefined)).toBeNull();
    expect(repeatPrefill(members, 'Amina')).toBeNull();
    expect(repeatPrefill(members, [{}])).toBeNull();
    expect(repeatPrefill(q('name', 'short_text'), [{ name: 'x' }])).toBeNull();
  });

  it('carries a repeat inside an instance the same way, level by level', () => {
    const household = q('members', 'repeat', {
      questions: [
        q('name', 'short_text'),
        q('visits', 'repeat', {
          validation: { max: '2' },
          questions: [q('clinic', 'short_text'), q('fee', 'integer')],
        }),
      ],
    });
    expect(
      repeatPrefill(household, [
        {
          name: 'Amina',
          visits: [
            { clinic: 'North', fee: 200 },
            { gone: 'x' },
            { clinic: 'South' },
            { clinic: 'East' },
          ],
        },
        { name: 'Juma', visits: 'not a list' },
      ]),
    ).toEqual([
      // the empty instance goes, the rest is cut to the inner repeat's maximum
      { name: 'Amina', visits: [{ clinic: 'North', fee: '200' }, { clinic: 'South' }] },
      { name: 'Juma' },
    ]);
  });
});
