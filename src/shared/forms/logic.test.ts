import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pruneHidden } from '../expressions/index.js';
import { validateAnswers } from './answers.js';
import { formLogicErrors, logicErrors, visibleKeys } from './logic.js';
import type { QuestionDef } from './questions.js';
import { questionDef } from './test-support.js';

const q = (key: string, over: Partial<QuestionDef> = {}) =>
  questionDef(key, 'short_text', { label: key.toUpperCase(), ...over });

describe('logicErrors', () => {
  it('accepts rules over earlier questions, and `.` plus its own key in a constraint', () => {
    expect(
      logicErrors(
        { key: 'b', relevant: "${a} = 'x'", constraint: '. > ${a} and ${b} < 9' },
        ['a'],
        ['c'],
      ),
    ).toEqual({});
  });
  it('points at the character of each problem', () => {
    expect(logicErrors({ key: 'b', relevant: '${a} >' }, ['a'])).toEqual({
      relevant: 'The expression ends too early (at character 7)',
    });
    expect(logicErrors({ key: 'b', relevant: '1 = 1 and ${b} = 2' }, ['a']).relevant).toMatch(
      /its own answer.*\(at character 11\)/,
    );
    expect(logicErrors({ key: 'b', relevant: '${c} = 2' }, ['a'], ['c']).relevant).toMatch(
      /`c` comes after this question/,
    );
    expect(logicErrors({ key: 'b', relevant: '${zz} = 2' }, ['a']).relevant).toBe(
      'Unknown question `zz` (at character 1)',
    );
    expect(logicErrors({ key: 'b', constraint: 'nope(.)' }, ['a']).constraint).toBe(
      'Unknown function `nope` (at character 1)',
    );
  });
  it('refuses a rule that reads a note (it has no answer), in skip logic and in a constraint', () => {
    expect(
      logicErrors({ key: 'b', relevant: "${a} = 'x'" }, ['intro', 'a'], [], ['intro']),
    ).toEqual({});
    expect(
      logicErrors(
        { key: 'b', relevant: "${a} = 'x' or ${intro} != ''", constraint: '. > ${intro}' },
        ['intro', 'a'],
        [],
        ['intro'],
      ),
    ).toEqual({
      relevant:
        '`intro` is a note and has no answer: use a question that takes an answer (at character 15)',
      constraint:
        '`intro` is a note and has no answer: use a question that takes an answer (at character 5)',
    });
    expect(
      formLogicErrors([q('intro', { type: 'note' }), q('b', { relevant: "${intro} = 'x'" })]),
    ).toEqual([
      '“B” (b), skip logic: `intro` is a note and has no answer: use a question that takes an answer (at character 1)',
    ]);
  });
  it('names each question with a broken expression, in form order', () => {
    expect(
      formLogicErrors([q('a', { relevant: '${b} = 1' }), q('b', { constraint: '. >' })]),
    ).toEqual([
      '“A” (a), skip logic: `b` comes after this question: use only questions before it (at character 1)',
      '“B” (b), custom constraint: The expression ends too early (at character 4)',
    ]);
  });
});

describe('skip logic on answers', () => {
  const form = [
    q('a', { type: 'yes_no', required: true }),
    q('b', {
      type: 'integer',
      required: true,
      relevant: "${a} = 'yes'",
      constraint: '. < 10',
      constraintMessage: 'Under 10.',
    }),
    q('c', { relevant: '${b} > 2' }),
  ];
  it('drops hidden answers (a hidden answer counts as empty for later rules) and requires only shown questions', () => {
    expect(validateAnswers(form, { a: 'no', b: 'junk', c: 'x' })).toEqual({
      values: { a: 'no' },
      errors: {},
    });
    expect(validateAnswers(form, { a: 'yes' }).errors).toEqual({
      b: 'This question needs an answer.',
    });
    expect(validateAnswers(form, { a: 'yes', b: '12' }).errors).toEqual({ b: 'Under 10.' });
    expect(validateAnswers(form, { a: 'yes', b: '3', c: 'x' }).values).toEqual({
      a: 'yes',
      b: 3,
      c: 'x',
    });
  });
  it('shows the same questions the submit keeps (visibleKeys agrees with pruneHidden)', () => {
    const answer = fc.oneof(
      fc.constant('yes'),
      fc.constant('no'),
      fc.integer({ min: 0, max: 5 }).map(String),
    );
    fc.assert(
      fc.property(fc.record({ a: answer, b: answer, c: answer }), (answers) => {
        const shown = visibleKeys(form, answers);
        const kept = pruneHidden(form, answers);
        expect(Object.keys(kept).sort()).toEqual([...shown].sort());
      }),
    );
  });
  it('the server keeps the same answers whether or not the browser pruned them first (forged hidden answers change nothing)', () => {
    const value = fc.oneof(
      fc.constantFrom('yes', 'no', 'x', ''),
      fc.integer({ min: -1, max: 12 }).map(String),
    );
    fc.assert(
      fc.property(fc.record({ a: value, b: value, c: value }), (raw) => {
        const direct = validateAnswers(form, raw);
        const pruned = validateAnswers(form, pruneHidden(form, raw));
        expect(pruned).toEqual(direct);
        for (const k of Object.keys(direct.values))
          expect(visibleKeys(form, direct.values).has(k)).toBe(true);
      }),
    );
  });
});
