import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answers.js';
import { questionRuleErrors } from './forms.schemas.js';
import { onRangeStep, rangeBounds } from './questions.js';
import { questionDef as q } from './test-support.js';

describe('range (slider) questions', () => {
  const form = [q('km', 'range', { validation: { min: '0', max: '20', step: '0.5' } })];
  const check = (v: unknown) => validateAnswers(form, { km: v });

  it('take a number between the start and the end, on the steps', () => {
    expect(check('7.5').values).toEqual({ km: 7.5 });
    expect(check(20).values).toEqual({ km: 20 });
    expect(check('0').values).toEqual({ km: 0 });
    expect(check('7.3').errors).toEqual({ km: 'Choose a value in steps of 0.5 from 0.' });
    expect(check('21').errors).toEqual({ km: 'Enter 20 or less.' });
    expect(check('-1').errors).toEqual({ km: 'Enter 0 or more.' });
    expect(check('far').errors).toEqual({ km: 'Enter a number, e.g. 12.5.' });
  });

  it('use XLSForm’s defaults (1 to 10, step 1) where unset, and steps within a millionth', () => {
    expect(rangeBounds({ validation: {} })).toEqual({ min: 1, max: 10, step: 1 });
    expect(validateAnswers([q('r', 'range')], { r: 0 }).errors).toEqual({ r: 'Enter 1 or more.' });
    // 0.1 steps: floating point (0.3 - 0) / 0.1 = 2.9999999999999996 is still on a step
    expect(onRangeStep(0.3, { min: 0, step: 0.1 })).toBe(true);
    expect(onRangeStep(0.35, { min: 0, step: 0.1 })).toBe(false);
  });

  it('refuse a start, end or step that makes no slider, on the field', () => {
    const rules = (validation: Record<string, string>) =>
      questionRuleErrors({ type: 'range', validation });
    expect(rules({ min: '0', max: '10', step: '2' })).toEqual({});
    expect(rules({ min: '10', max: '0' })).toEqual({
      'validation.max': 'The end must be above the start.',
    });
    expect(rules({ min: '0', max: '10', step: '0' })).toEqual({
      'validation.step': 'The step must be more than 0.',
    });
    expect(rules({ min: '0', max: '10', step: '20' })).toEqual({
      'validation.step': 'The step must fit between the start and the end.',
    });
    expect(rules({ min: '0', max: '10000', step: '1' })).toEqual({
      'validation.step': 'At most 1000 steps: use a larger step.',
    });
    expect(rules({ step: 'big' })).toEqual({ 'validation.step': 'Enter a number.' });
  });
});
