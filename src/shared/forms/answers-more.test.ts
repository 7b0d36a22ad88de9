import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answers.js';
import { straightLiningReason } from './quality.js';
import { questionDef } from './test-support.js';

const q = questionDef;
const scale = ['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: `L${v}` }));
const rows = ['food', 'water', 'school', 'health'].map((v) => ({
  value: v,
  label: v.toUpperCase(),
}));
const fruit = ['apple', 'pear', 'fig'].map((v) => ({ value: v, label: v }));
const form = [
  q('sat', 'matrix', { choices: scale, rows }),
  q('rank', 'ranking', { choices: fruit }),
  q('where', 'geopoint'),
  q('age', 'integer'),
  q('months', 'calculate', { calculation: '${age} * 12' }),
  q('ref', 'hidden'),
];
const errorOf = (answers: Record<string, unknown>, key: string) =>
  validateAnswers(form, answers).errors[key];

describe('matrix', () => {
  it('keeps rows in the question’s order', () => {
    const r = validateAnswers(form, { sat: { water: '2', food: '5' } });
    expect(r.errors).toEqual({});
    expect(Object.entries(r.values.sat)).toEqual([
      ['food', '5'],
      ['water', '2'],
    ]);
  });
  it('refuses bad shapes with a message on its key', () => {
    expect(errorOf({ sat: '3' }, 'sat')).toBe('Answer each row on the scale.');
    expect(errorOf({ sat: ['3'] }, 'sat')).toBe('Answer each row on the scale.');
    expect(errorOf({ sat: { roads: '3' } }, 'sat')).toBe('“roads” is not a row of this question.');
    expect(errorOf({ sat: { food: '9' } }, 'sat')).toBe(
      'Row “FOOD”: choose a value from the scale.',
    );
    expect(errorOf({ sat: { food: 3 } }, 'sat')).toBe('Row “FOOD”: choose a value from the scale.');
  });
  it('a required matrix needs every row', () => {
    const f = [q('sat', 'matrix', { choices: scale, rows, required: true })];
    expect(validateAnswers(f, { sat: { food: '1' } }).errors.sat).toBe(
      'Answer every row: “WATER” has no answer.',
    );
    expect(validateAnswers(f, {}).errors.sat).toBe('This question needs an answer.');
  });
});

describe('ranking', () => {
  it('accepts every choice once, in order', () => {
    expect(validateAnswers(form, { rank: ['fig', 'apple', 'pear'] }).values.rank).toEqual([
      'fig',
      'apple',
      'pear',
    ]);
  });
  it('refuses bad shapes', () => {
    expect(errorOf({ rank: 'fig' }, 'rank')).toBe('Put the choices in order.');
    expect(errorOf({ rank: ['fig', 'kiwi', 'pear'] }, 'rank')).toBe(
      '“kiwi” is not one of the choices.',
    );
    expect(errorOf({ rank: ['fig', 'fig', 'pear'] }, 'rank')).toBe(
      'Each choice may be ranked only once.',
    );
    expect(errorOf({ rank: ['fig', 'pear'] }, 'rank')).toBe('Rank all 3 choices (this ranks 2).');
  });
});

describe('geopoint', () => {
  it('reads numbers (typed text too) and keeps the accuracy', () => {
    expect(
      validateAnswers(form, { where: { lat: '-1.29', lon: 36.82, accuracy: '12' } }).values.where,
    ).toEqual({
      lat: -1.29,
      lon: 36.82,
      accuracy: 12,
    });
  });
  it('refuses out-of-range and bad shapes', () => {
    expect(errorOf({ where: '1 2' }, 'where')).toBe(
      'Give the location as a latitude and a longitude.',
    );
    expect(errorOf({ where: { lat: 91, lon: 0 } }, 'where')).toBe(
      'Enter a latitude between -90 and 90, e.g. -1.2921.',
    );
    expect(errorOf({ where: { lat: 0, lon: -181 } }, 'where')).toBe(
      'Enter a longitude between -180 and 180, e.g. 36.8219.',
    );
    expect(errorOf({ where: { lat: 0, lon: 0, accuracy: -1 } }, 'where')).toBe(
      'Enter the accuracy in metres (0 or more), or leave it empty.',
    );
    expect(errorOf({ where: { lat: 0, lon: 0, alt: 3 } }, 'where')).toBe(
      '“alt” is not part of a location (lat, lon, accuracy).',
    );
  });
});

describe('calculate and hidden', () => {
  it('the calculation is recomputed: a sent value is replaced', () => {
    expect(validateAnswers(form, { age: '3', months: 999 }).values.months).toBe(36);
    expect(validateAnswers(form, { months: 999 }).values.months).toBeUndefined();
  });
  it('a calculate reads as a number in later expressions', () => {
    const f = [...form, q('older', 'yes_no', { relevant: '${months} > 100' })];
    expect(validateAnswers(f, { age: '5', older: 'yes' }).values.older).toBeUndefined();
    expect(validateAnswers(f, { age: '10', older: 'yes' }).values.older).toBe('yes');
  });
  it('a hidden value is text, capped', () => {
    expect(validateAnswers(form, { ref: ' abc ' }).values.ref).toBe('abc');
    expect(errorOf({ ref: { a: 1 } }, 'ref')).toBe('A hidden value is text.');
    expect(errorOf({ ref: 'x'.repeat(1001) }, 'ref')).toBe(
      'A hidden value is at most 1000 characters.',
    );
  });
});

describe('straight-lining', () => {
  it('flags a matrix of 4+ rows all answered the same, not fewer rows or mixed answers', () => {
    const same = { sat: { food: '3', water: '3', school: '3', health: '3' } };
    expect(straightLiningReason(same, form)).toBe('sat: all 4 rows “L3”.');
    expect(straightLiningReason({ sat: { ...same.sat, health: '2' } }, form)).toBeNull();
    expect(straightLiningReason({ sat: { food: '3', water: '3', school: '3' } }, form)).toBeNull();
    const three = [q('m', 'matrix', { choices: scale, rows: rows.slice(0, 3) })];
    expect(straightLiningReason({ m: { food: '1', water: '1', school: '1' } }, three)).toBeNull();
  });
});
