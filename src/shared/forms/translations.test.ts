import { describe, expect, it } from 'vitest';
import type { QuestionDef } from './questions.js';
import {
  acceptedLanguages,
  canonicalLanguage,
  localiseQuestions,
  matchLanguage,
  missingCount,
  resolveLanguage,
  textDirection,
} from './translations.js';

const q = (over: Partial<QuestionDef> = {}): QuestionDef => ({
  key: 'village',
  type: 'single_choice',
  label: 'Village',
  hint: 'Where you live',
  required: true,
  requiredMessage: 'Say where you live.',
  defaultValue: null,
  choices: [
    { value: 'a', label: 'Alpha' },
    { value: 'b', label: 'Beta' },
  ],
  allowOther: false,
  scale: null,
  validation: {},
  ...over,
});

describe('resolveLanguage', () => {
  const available = ['en', 'fr', 'ar'];
  const base = { available, fallback: 'en' };
  it('takes ?lang= first, then the browser, then the default', () => {
    expect(resolveLanguage({ ...base, query: 'ar', browser: ['fr'] })).toBe('ar');
    expect(resolveLanguage({ ...base, query: null, browser: ['de', 'fr'] })).toBe('fr');
    expect(resolveLanguage({ ...base, query: 'de', browser: ['es'] })).toBe('en');
    expect(resolveLanguage({ ...base, query: '', browser: [] })).toBe('en');
  });
  it('an unknown ?lang= falls through to the browser', () => {
    expect(resolveLanguage({ ...base, query: 'zz', browser: ['ar-EG'] })).toBe('ar');
  });
  it('matches a region to its language (fr-CA -> fr) and a language to a regional form', () => {
    expect(resolveLanguage({ ...base, query: 'fr-CA', browser: [] })).toBe('fr');
    expect(matchLanguage('pt', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(matchLanguage('pt-br', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(matchLanguage('*', ['en'])).toBeNull();
  });
  it('prefers the exact region when the form has it', () => {
    expect(matchLanguage('fr-CA', ['fr', 'fr-CA'])).toBe('fr-CA');
  });
});

describe('acceptedLanguages', () => {
  it('orders by q, keeps ties in order and drops q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      '*',
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic, Urdu, Farsi, Hebrew, Pashto, Sindhi, Yiddish, Dhivehi', () => {
    for (const code of ['ar', 'ur', 'fa', 'he', 'ps', 'sd', 'yi', 'dv', 'ar-EG', 'fa-IR'])
      expect(textDirection(code), code).toBe('rtl');
  });
  it('is left to right otherwise, and for codes Intl does not know', () => {
    for (const code of ['en', 'fr-CA', 'sw', 'hi', 'zh-Hant'])
      expect(textDirection(code)).toBe('ltr');
    expect(textDirection('not a code')).toBe('ltr');
  });
});

describe('canonicalLanguage', () => {
  it('canonicalises BCP-47 codes and refuses others', () => {
    expect(canonicalLanguage('fr-ca')).toBe('fr-CA');
    expect(canonicalLanguage('zh-hant')).toBe('zh-Hant');
    expect(canonicalLanguage('english')).toBeNull();
    expect(canonicalLanguage('e')).toBeNull();
    expect(canonicalLanguage('<script>')).toBeNull();
  });
});

describe('localiseQuestions', () => {
  const translated = q({
    translations: { ar: { label: 'القرية', choices: { a: 'ألف' } } },
  });
  it('replaces translated texts and keeps the default for missing ones', () => {
    const [l] = localiseQuestions([translated], 'ar');
    expect(l.label).toBe('القرية');
    expect(l.hint).toBe('Where you live');
    expect(l.requiredMessage).toBe('Say where you live.');
    expect(l.choices).toEqual([
      { value: 'a', label: 'ألف' },
      { value: 'b', label: 'Beta' },
    ]);
    expect(l.key).toBe('village');
  });
  it('leaves a language without translations as it is', () => {
    expect(localiseQuestions([translated], 'fr')[0]).toBe(translated);
  });
  it('counts what is still missing', () => {
    expect(missingCount([translated], 'ar')).toEqual({ total: 5, missing: 3 });
    expect(missingCount([translated], 'ar', { source: 'Thanks', translated: 'شكرا' })).toEqual({
      total: 6,
      missing: 3,
    });
  });
});
