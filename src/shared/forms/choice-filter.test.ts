import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answers.js';
import { keepOffered, offeredChoices } from './choice-filter.js';
import { formLogicErrors, logicErrors } from './logic.js';
import { questionRuleErrors } from './forms.schemas.js';
import { questionDef as q } from './test-support.js';

const states = [
  { value: 'lagos', label: 'Lagos' },
  { value: 'kano', label: 'Kano' },
];
const city = (value: string, state: string) => ({
  value,
  label: value.toUpperCase(),
  properties: { state },
});
const cities = [city('ikeja', 'lagos'), city('epe', 'lagos'), city('fagge', 'kano')];
const form = [
  q('state', 'single_choice', { choices: states }),
  q('city', 'dropdown', { choices: cities, choiceFilter: 'state = ${state}', required: true }),
  q('visited', 'multiple_choice', { choices: cities, choiceFilter: 'state != ${state}' }),
];

describe('choice filters', () => {
  it('offers the choices the filter is true for, reading the choice bare and answers as ${key}', () => {
    const values = (answers: Record<string, string>) =>
      offeredChoices(form[1], answers).map((c) => c.value);
    expect(values({ state: 'lagos' })).toEqual(['ikeja', 'epe']);
    expect(values({ state: 'kano' })).toEqual(['fagge']);
    expect(values({})).toEqual([]);
    // name and label read the choice's value and label
    expect(
      offeredChoices({ choices: cities, choiceFilter: "name != 'epe' and label != 'FAGGE'" }, {}),
    ).toEqual([cities[0]]);
    // no filter: every choice
    expect(offeredChoices({ choices: cities, choiceFilter: null }, {})).toEqual(cities);
  });

  it('refuses on submit a choice the filter does not offer, on the question’s key', () => {
    const ok = validateAnswers(form, { state: 'lagos', city: 'epe', visited: ['fagge'] });
    expect(ok.errors).toEqual({});
    const r = validateAnswers(form, { state: 'lagos', city: 'fagge', visited: ['ikeja'] });
    expect(r.errors).toEqual({
      city: '“fagge” is not one of the choices.',
      visited: '“ikeja” is not one of the choices.',
    });
  });

  it('drops an answer the list no longer offers, keeping a multiple choice’s others', () => {
    expect(keepOffered(form[1], 'fagge', { state: 'lagos' })).toBeUndefined();
    expect(keepOffered(form[1], 'epe', { state: 'lagos' })).toBe('epe');
    expect(keepOffered(form[2], ['fagge', 'ikeja'], { state: 'lagos' })).toEqual(['fagge']);
    // a value that is no choice at all is left for the validation to name
    expect(keepOffered(form[1], 'paris', { state: 'lagos' })).toBe('paris');
  });

  it('checks the filter’s names: choice columns bare, earlier questions as ${key}', () => {
    const earlier = ['state'];
    const err = (choiceFilter: string) =>
      logicErrors({ key: 'city', choiceFilter, choices: cities }, earlier, ['later']).choiceFilter;
    expect(err('state = ${state}')).toBeUndefined();
    expect(err("selected(${state}, name) or label = 'X'")).toBeUndefined();
    expect(err('region = ${state}')).toMatch(
      /^No choice has a property `region`.*\(at character 1\)$/,
    );
    expect(err('state = ${nope}')).toMatch(/Unknown question `nope`/);
    expect(err('state = ${later}')).toMatch(/`later` comes after this question/);
    expect(err('state = ${city}')).toMatch(/A choice filter cannot read its own question/);
    expect(err('state = .')).toMatch(/`\.` has no meaning in a choice filter/);
    expect(err('state = (')).toMatch(/at character/);
    expect(formLogicErrors([form[0], { ...form[1], choiceFilter: 'region = ${state}' }])).toEqual([
      expect.stringMatching(/^“city” \(city\), choice filter: No choice has a property `region`/),
    ]);
  });

  it('is only for choice questions', () => {
    expect(questionRuleErrors({ type: 'short_text', choiceFilter: 'a = 1' }).choiceFilter).toMatch(
      /Only a single choice/,
    );
    expect(
      questionRuleErrors({ type: 'dropdown', choices: cities, choiceFilter: 'state = 1' })
        .choiceFilter,
    ).toBeUndefined();
  });
});

describe('required when', () => {
  const f = [
    q('age', 'integer'),
    q('school', 'short_text', {
      required: true,
      requiredWhen: '${age} < 18',
      requiredMessage: 'Name the school.',
    }),
  ];
  it('requires the answer only when the condition holds', () => {
    expect(validateAnswers(f, { age: 12 }).errors).toEqual({ school: 'Name the school.' });
    expect(validateAnswers(f, { age: 30 }).errors).toEqual({});
    expect(validateAnswers(f, { age: 12, school: 'Central' }).errors).toEqual({});
  });
  it('checks the condition like skip logic and needs “Required” ticked', () => {
    const e = (requiredWhen: string) =>
      logicErrors({ key: 'school', requiredWhen }, ['age']).requiredWhen;
    expect(e('${age} < 18')).toBeUndefined();
    expect(e('${school} = 1')).toMatch(/cannot depend on its own answer/);
    expect(e('. = 1')).toMatch(/cannot decide whether it is required/);
    expect(
      questionRuleErrors({ type: 'short_text', requiredWhen: '${age} < 18' }).requiredWhen,
    ).toMatch(/Tick “Required”/);
  });
});

describe('read-only questions', () => {
  const f = [q('country', 'short_text', { readOnly: true, defaultValue: 'Nigeria' })];
  it('keep their default whatever was sent', () => {
    expect(validateAnswers(f, {}).values).toEqual({ country: 'Nigeria' });
    expect(validateAnswers(f, { country: 'Ghana' }).values).toEqual({ country: 'Nigeria' });
  });
  it('show a calculation over the answers, kept when it fits the question’s type', () => {
    const f = [
      q('adults', 'integer'),
      q('kids', 'integer'),
      q('people', 'integer', { readOnly: true, calculation: '${adults} + ${kids}' }),
      q('share', 'integer', { readOnly: true, calculation: '${kids} div ${adults}' }),
    ];
    expect(validateAnswers(f, { adults: 2, kids: 3, people: 99 }).values).toEqual({
      adults: 2,
      kids: 3,
      people: 5,
    });
    // 1.5 is no whole number: left unanswered (the respondent cannot change it)
    const odd = validateAnswers(f, { adults: 2, kids: 3 });
    expect(odd.errors).toEqual({});
    expect(odd.values.share).toBeUndefined();
    expect(validateAnswers(f, { adults: 2, kids: 4 }).values.share).toBe(2);
  });
  it('need a default or a calculation, and a type that takes one', () => {
    expect(questionRuleErrors({ type: 'short_text', readOnly: true }).readOnly).toMatch(
      /its default or its calculation: set one/,
    );
    expect(
      questionRuleErrors({ type: 'integer', readOnly: true, calculation: '1 + 1' }).readOnly,
    ).toBeUndefined();
    expect(
      questionRuleErrors({ type: 'file', readOnly: true, defaultValue: 'x' }).readOnly,
    ).toMatch(/cannot be read-only/);
    expect(
      questionRuleErrors({ type: 'integer', readOnly: true, defaultValue: '3' }).readOnly,
    ).toBeUndefined();
  });
});
