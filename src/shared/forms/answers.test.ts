import { describe, expect, it } from 'vitest';
import { canonicalAnswers, validateAnswers } from './answers.js';
import { dirOf } from './questions.js';
import { questionDef } from './test-support.js';

const q = questionDef;

describe('validateAnswers (the browser’s and the server’s one check)', () => {
  const form = [
    q('age', 'integer'),
    q('crops', 'multiple_choice', {
      choices: [
        { value: 'maize', label: 'Maize' },
        { value: 'rice', label: 'Rice' },
      ],
      allowOther: true,
    }),
    q('note', 'note'),
  ];

  it('cleans what it keeps: numbers from text, unique choices, the other text beside its question', () => {
    const r = validateAnswers(form, {
      age: ' 42 ',
      crops: ['maize', 'maize', 'other'],
      crops__other: ' sorghum ',
    });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ age: 42, crops: ['maize', 'other'], crops__other: 'sorghum' });
  });

  it('names unknown keys, and keeps nothing when anything is wrong', () => {
    const r = validateAnswers(form, { age: 3, salary: 10, note__other: 'x' });
    expect(r.values).toEqual({});
    expect(Object.keys(r.errors).sort()).toEqual(['note__other', 'salary']);
  });

  it('empty answers are no answers; a required one says so with its own message', () => {
    const r = validateAnswers(
      [q('name', 'short_text', { required: true, requiredMessage: 'Your name, please.' })],
      {
        name: '   ',
      },
    );
    expect(r.errors).toEqual({ name: 'Your name, please.' });
  });

  it('the same answers in another key order are the same response', () => {
    expect(canonicalAnswers({ a: 1, b: ['x'] })).toBe(canonicalAnswers({ b: ['x'], a: 1 }));
    expect(canonicalAnswers({ a: 1 })).not.toBe(canonicalAnswers({ a: 2 }));
  });
});

describe('dirOf', () => {
  it('is right to left for Arabic, Urdu, Farsi and Hebrew, whatever the region', () => {
    expect(['ar', 'ur', 'fa', 'he', 'ar-EG'].map(dirOf)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'rtl',
    ]);
    expect(['en', 'sw', 'fr'].map(dirOf)).toEqual(['ltr', 'ltr', 'ltr']);
  });
});
