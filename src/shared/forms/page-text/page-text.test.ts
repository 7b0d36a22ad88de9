import { describe, expect, it } from 'vitest';
import { validateAnswers } from '../answers.js';
import type { QuestionDef } from '../questions.js';
import { PAGE_TEXTS, pageTextFor } from './all.js';
import { en } from './en.js';
import {
  PAGE_LANGUAGES,
  pageLanguageOf,
  placeholdersOf,
  say,
  sayClosed,
  sayCount,
  type PageText,
  type Plural,
} from './format.js';

/** English's plural of a repeat's own noun: the other languages never need it. */
const OPTIONAL = new Set(['nouns']);
const keys = Object.keys(en).sort();
const textsOf = (v: string | Plural) => (typeof v === 'string' ? [v] : Object.values(v));
const placeholders = (v: string | Plural) => new Set(textsOf(v).flatMap(placeholdersOf));

describe('the public form page’s catalogues', () => {
  it.each(PAGE_LANGUAGES)('%s has every key of English and no other', (lang) => {
    const t = PAGE_TEXTS[lang] as unknown as Record<string, string | Plural>;
    expect(Object.keys(t).sort()).toEqual(keys);
    expect(t.lang).toBe(lang);
    for (const k of keys) {
      const mine = t[k];
      const english = (en as unknown as Record<string, string | Plural>)[k];
      expect(typeof mine, k).toBe(typeof english);
      for (const s of textsOf(mine)) expect(s.trim(), `${lang}.${k}`).not.toBe('');
    }
  });

  it.each(PAGE_LANGUAGES)('%s has the same placeholders as English', (lang) => {
    const t = PAGE_TEXTS[lang] as unknown as Record<string, string | Plural>;
    for (const k of keys.filter((x) => x !== 'lang')) {
      const english = placeholders((en as unknown as Record<string, string | Plural>)[k]);
      const mine = placeholders(t[k]);
      // never a placeholder nobody fills, never a value left out (but English's plural noun)
      for (const p of mine) expect(english.has(p), `${lang}.${k}: {${p}}`).toBe(true);
      for (const p of english)
        if (!OPTIONAL.has(p)) expect(mine.has(p), `${lang}.${k}: {${p}} missing`).toBe(true);
      // a count's `other` form always says the count
      if (typeof t[k] !== 'string')
        expect(placeholdersOf((t[k] as Plural).other), `${lang}.${k}.other`).toContain('n');
    }
  });

  it.each(PAGE_LANGUAGES)('%s uses only plural categories its language has', (lang) => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const v of Object.values(PAGE_TEXTS[lang]))
      if (typeof v === 'object') for (const c of Object.keys(v)) expect(categories).toContain(c);
  });

  it('has the buttons in each language’s own words', () => {
    const words = (t: PageText) => [say(t, 'next'), say(t, 'back'), say(t, 'send')];
    expect(words(PAGE_TEXTS.fr)).toEqual(['Suivant', 'Retour', 'Envoyer']);
    expect(words(PAGE_TEXTS.es)).toEqual(['Siguiente', 'Atrás', 'Enviar']);
    expect(words(PAGE_TEXTS.pt)).toEqual(['Próximo', 'Voltar', 'Enviar']);
    expect(words(PAGE_TEXTS.sw)).toEqual(['Endelea', 'Rudi', 'Tuma']);
    expect(words(PAGE_TEXTS.ar)).toEqual(['التالي', 'السابق', 'إرسال']);
    for (const lang of PAGE_LANGUAGES.filter((l) => l !== 'en'))
      expect(say(PAGE_TEXTS[lang], 'required')).not.toBe(say(PAGE_TEXTS.en, 'required'));
  });
});

describe('which catalogue a form language gets', () => {
  it('matches by primary language, else English', () => {
    expect(pageLanguageOf('fr-CA')).toBe('fr');
    expect(pageLanguageOf('AR')).toBe('ar');
    expect(pageLanguageOf('pt-BR')).toBe('pt');
    expect(pageLanguageOf('sw')).toBe('sw');
    expect(pageLanguageOf('ur')).toBe('en');
    expect(pageLanguageOf('de')).toBe('en');
    expect(pageLanguageOf('')).toBe('en');
    expect(pageLanguageOf(null)).toBe('en');
    expect(pageTextFor('fr-CA').next).toBe('Suivant');
  });

  it('Portuguese by region: pt-PT (and its CLDR family) European, pt and pt-BR Brazilian', () => {
    expect(pageLanguageOf('pt-PT')).toBe('pt-PT');
    expect(pageLanguageOf('pt_pt')).toBe('pt-PT');
    expect(pageLanguageOf('pt-Latn-PT')).toBe('pt-PT');
    expect(pageLanguageOf('pt-AO')).toBe('pt-PT');
    expect(pageLanguageOf('pt-MZ')).toBe('pt-PT');
    expect(pageLanguageOf('pt')).toBe('pt');
    expect(pageLanguageOf('pt-BR')).toBe('pt');
    expect(pageLanguageOf('PT-br')).toBe('pt');
    // the words that differ, and those that do not
    expect(say(pageTextFor('pt-PT'), 'statusSaved')).toBe('Guardado neste dispositivo');
    expect(say(pageTextFor('pt-BR'), 'statusSaved')).toBe('Salvo neste dispositivo');
    expect(say(pageTextFor('pt-PT'), 'fileChoose')).toBe('Escolher um ficheiro');
    expect(say(pageTextFor('pt'), 'fileChoose')).toBe('Escolher um arquivo');
    expect(say(pageTextFor('pt-PT'), 'required')).toBe(say(pageTextFor('pt'), 'required'));
    // no Brazilian "salvo", "arquivo", "digite", "equipe", "rodada" left in the European words
    const european = JSON.stringify(PAGE_TEXTS['pt-PT']);
    for (const word of [
      'salv',
      'arquivo',
      'Digite',
      'digite',
      'equipe',
      'Rodada',
      'rodada',
      'Enviando',
    ])
      expect(european, word).not.toContain(word);
    expect(pageTextFor('zh-Hant').next).toBe('Next');
  });
});

describe('placeholders and counts', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(say(PAGE_TEXTS.fr, 'progress', { n: 2, total: 5 })).toBe('Page 2 sur 5');
    expect(say(PAGE_TEXTS.en, 'progress', { n: 2 })).toBe('Page 2 of {total}');
  });

  it('picks the plural form by the language’s rules', () => {
    expect(sayCount(PAGE_TEXTS.en, 'errorSummary', 1)).toBe('One answer needs attention');
    expect(sayCount(PAGE_TEXTS.en, 'errorSummary', 3)).toBe('3 answers need attention');
    expect(sayCount(PAGE_TEXTS.fr, 'errorSummary', 1)).toBe('Une réponse est à corriger');
    expect(sayCount(PAGE_TEXTS.fr, 'errorSummary', 2)).toBe('2 réponses sont à corriger');
    expect(sayCount(PAGE_TEXTS.ar, 'errorSummary', 1)).toBe('إجابة واحدة تحتاج إلى مراجعة');
    expect(sayCount(PAGE_TEXTS.ar, 'errorSummary', 2)).toBe('إجابتان تحتاجان إلى مراجعة');
    // few (3-10) and many (11-99) fall back to `other`
    expect(sayCount(PAGE_TEXTS.ar, 'errorSummary', 5)).toBe(
      'عدد الإجابات التي تحتاج إلى مراجعة: 5',
    );
    expect(sayCount(PAGE_TEXTS.en, 'repeatMin', 2, { noun: 'member', nouns: 'members' })).toBe(
      'Add at least 2 members.',
    );
  });
});

describe('a closed form’s message', () => {
  it('is said from its key in the page’s language (a switch says it again)', () => {
    const notice = { key: 'closedOn', date: '2021-01-01' } as const;
    expect(sayClosed(PAGE_TEXTS.en, notice)).toBe('This form closed on January 1, 2021.');
    expect(sayClosed(PAGE_TEXTS.fr, notice)).toBe('Ce formulaire a fermé le 1 janvier 2021.');
    expect(sayClosed(PAGE_TEXTS.fr, { key: 'limitReached' })).toBe(
      'Ce formulaire a reçu toutes les réponses prévues.',
    );
    expect(sayClosed(PAGE_TEXTS.ar, { key: 'limitReached' })).toBe(
      'تلقّى هذا النموذج كل الردود المطلوبة.',
    );
  });
});

const q = (over: Partial<QuestionDef>): QuestionDef =>
  ({
    key: 'q',
    type: 'short_text',
    label: 'Q',
    hint: null,
    required: false,
    requiredMessage: null,
    relevant: null,
    constraint: null,
    constraintMessage: null,
    defaultValue: null,
    choices: [],
    validation: {},
    ...over,
  }) as QuestionDef;

describe('the built-in answer checks in the page’s language', () => {
  const questions = [
    q({ key: 'name', required: true }),
    q({ key: 'age', type: 'integer', validation: { min: '0', max: '120' } }),
    q({ key: 'village', required: true, requiredMessage: 'Le village, s’il vous plaît.' }),
    q({ key: 'code', validation: { pattern: '[A-Z]{3}' } }),
    q({ key: 'members', type: 'repeat', required: true, questions: [q({ key: 'x' })] }),
  ];

  it('says them in French, the form’s own messages winning', () => {
    const { errors } = validateAnswers(
      questions,
      { age: 'abc', code: 'x1' },
      { text: PAGE_TEXTS.fr },
    );
    expect(errors).toEqual({
      name: 'Cette question est obligatoire.',
      age: 'Saisissez un nombre entier, ex. 12.',
      village: 'Le village, s’il vous plaît.',
      code: 'Cette réponse n’a pas le format attendu.',
      members: 'Ajoutez-en au moins 1 (entrée).',
    });
    expect(validateAnswers(questions, { age: '200' }, { text: PAGE_TEXTS.ar }).errors.age).toBe(
      'أدخل 120 أو أقل.',
    );
  });

  it('stays English without a catalogue', () => {
    const { errors } = validateAnswers(questions, {});
    expect(errors.name).toBe('This question needs an answer.');
    expect(errors.members).toBe('Add at least 1 entry.');
  });
});
