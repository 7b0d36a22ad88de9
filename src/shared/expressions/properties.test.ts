import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answers as answersArb,
  current,
  describeValue,
  expr,
  FIELDS,
} from '../../../test/helpers/expression-arbitraries';
import { stripPositions, type Expr } from './ast';
import {
  evaluate,
  evaluateBoolean,
  fromVisual,
  OPERATORS,
  parse,
  print,
  pruneHidden,
  toVisual,
  type Condition,
  type PrunableQuestion,
  type Rule,
} from './index';

const NOW = Date.UTC(2024, 4, 15, 9);
const parsed = (text: string) => {
  const r = parse(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message} at ${r.error.start}`);
  return r.ast;
};

describe('print', () => {
  it('round-trips: parse(print(ast)) is the same AST, and evaluates the same', () => {
    fc.assert(
      fc.property(expr, answersArb, current, (ast, answers, cur) => {
        const back = parsed(print(ast));
        expect(stripPositions(back)).toEqual(stripPositions(ast));
        const env = { answers, current: cur, now: NOW };
        expect(describeValue(evaluate(back, env))).toBe(describeValue(evaluate(ast, env)));
      }),
      { numRuns: 500 },
    );
  });

  it('prints canonical text', () => {
    expect(print(parsed('${a}/${b}'))).toBe('${a} div ${b}');
    // a bare name stays bare: in a choice filter it reads the choice, not an answer
    expect(print(parsed('${a}/b'))).toBe('${a} div b');
    expect(print(parsed('div div mod'))).toBe('div div mod');
    expect(print(parsed('(1 + 2) * -(3 - 4) - (5 - 6)'))).toBe('(1 + 2) * -(3 - 4) - (5 - 6)');
    expect(print(parsed('"it\'s"'))).toBe(`"it's"`);
    expect(print({ type: 'string', value: `'"`, start: 0, end: 0 })).toBe(`concat('', "'", '"')`);
    for (const value of [1e-7, 1.5e-10, 1e21, 1.2345e25, 123.456])
      expect(parsed(print({ type: 'number', value, start: 0, end: 0 }))).toMatchObject({ value });
  });
});

const rule: fc.Arbitrary<Rule> = fc
  .constantFrom(...OPERATORS)
  .chain((operator): fc.Arbitrary<Rule> => {
    const field = fc.constantFrom(...FIELDS);
    if (operator === 'empty' || operator === 'not-empty')
      return field.map((f): Rule => ({ field: f, operator, value: '' }));
    const word = fc
      .string({ minLength: 1, maxLength: 6 })
      .filter((s) => !(s.includes("'") && s.includes('"')));
    const value: fc.Arbitrary<string | number> =
      operator === 'selected' || operator === 'not-selected'
        ? word
        : fc.oneof(word, fc.integer({ min: 0, max: 1000 }));
    return fc.record({ field, operator: fc.constant(operator), value });
  });
const condition: fc.Arbitrary<Condition> = fc.record({
  combinator: fc.constantFrom('all' as const, 'any' as const),
  rules: fc.array(rule, { minLength: 1, maxLength: 5 }),
});

describe('the visual condition model', () => {
  it('round-trips model -> AST -> text -> AST -> model', () => {
    fc.assert(
      fc.property(condition, (c) => {
        const ast = fromVisual(c);
        if (!ast) throw new Error('no AST');
        const want = c.rules.length === 1 ? { ...c, combinator: 'all' } : c;
        expect(toVisual(ast)).toEqual(want);
        expect(toVisual(parsed(print(ast)))).toEqual(want);
      }),
    );
  });

  it('round-trips AST -> model -> AST for every AST that has the simple shape', () => {
    // outside a choice filter a bare name reads the answer as `${name}` does (ast.ts), so the
    // builder writes it back as `${name}`: the same meaning (a seed that found this once in CI,
    // when the comparison still told the two apart, is replayed first)
    const asAnswers = (e: Expr) =>
      JSON.parse(JSON.stringify(stripPositions(e)), (k, v: unknown) =>
        k === 'bare' ? undefined : v,
      ) as unknown;
    const property = fc.property(
      fc.oneof(
        expr,
        condition.map((c) => fromVisual(c)!),
      ),
      (ast) => {
        const model = toVisual(ast);
        if (model) expect(asAnswers(fromVisual(model)!)).toEqual(asAnswers(ast));
      },
    );
    fc.assert(property, { seed: 993259653, path: '87:2', endOnFailure: true });
    fc.assert(property);
  });

  it('reads the usual skip-logic shapes and refuses the others', () => {
    expect(toVisual(parsed("${a} = 'yes' and not(selected(${q}, 'x')) and ${b} != ''"))).toEqual({
      combinator: 'all',
      rules: [
        { field: 'a', operator: '=', value: 'yes' },
        { field: 'q', operator: 'not-selected', value: 'x' },
        { field: 'b', operator: 'not-empty', value: '' },
      ],
    });
    expect(toVisual(parsed('${a} > 3 or ${a} <= 1'))?.combinator).toBe('any');
    expect(toVisual(parsed('${a} > 3 or ${a} = 1 and ${b} = 2'))).toBeNull();
    expect(toVisual(parsed('${a} > ${b}'))).toBeNull();
    expect(toVisual(parsed('3 < ${a}'))).toBeNull();
    expect(fromVisual({ combinator: 'any', rules: [] })).toBeNull();
    // a bare name reads the answer (outside a choice filter): the same rule as `${b} != ''`
    expect(toVisual(parsed("b != ''"))).toEqual({
      combinator: 'all',
      rules: [{ field: 'b', operator: 'not-empty', value: '' }],
    });
  });
});

/** Questions whose relevance reads earlier questions only, some inside groups. */
const form = fc
  .array(
    fc.record({
      relevant: fc.option(rule, { nil: undefined }),
      inGroup: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((qs) => {
    const questions: PrunableQuestion[] = [{ key: 'g', relevant: undefined }];
    qs.forEach((q, i) => {
      const key = `q${i}`;
      const earlier = questions.map((x) => x.key).filter((k) => k !== 'g');
      const r =
        q.relevant && earlier.length > 0
          ? { ...q.relevant, field: earlier[i % earlier.length] }
          : null;
      const relevant = r ? print(fromVisual({ combinator: 'all', rules: [r] })!) : undefined;
      questions.push({ key, relevant, group: q.inGroup ? 'g' : undefined });
    });
    return questions;
  });

describe('pruneHidden', () => {
  it('never keeps an answer to a question that is not relevant, and keeps every other answer', () => {
    fc.assert(
      fc.property(
        form,
        fc.dictionary(
          fc.constantFrom('q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'x'),
          answersArb.map((a) => a.a ?? 'yes'),
        ),
        fc.option(rule),
        (questions, answers, groupRule) => {
          const group = questions[0];
          if (groupRule)
            group.relevant = print(
              fromVisual({ combinator: 'all', rules: [{ ...groupRule, field: 'x' }] })!,
            );
          const kept = pruneHidden(questions, answers, { now: NOW });
          const groupShown =
            !group.relevant || evaluateBoolean(parsed(group.relevant), { answers: kept, now: NOW });
          for (const q of questions.slice(1)) {
            const shown =
              (q.group !== 'g' || groupShown) &&
              (!q.relevant || evaluateBoolean(parsed(q.relevant), { answers: kept, now: NOW }));
            if (!shown) expect(Object.hasOwn(kept, q.key)).toBe(false);
            else if (Object.hasOwn(answers, q.key)) expect(kept[q.key]).toEqual(answers[q.key]);
          }
          expect(kept.x).toEqual(answers.x);
          expect(pruneHidden(questions, kept, { now: NOW })).toEqual(kept);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('treats a hidden question as empty for the questions after it', () => {
    const questions: PrunableQuestion[] = [
      { key: 'consent', relevant: undefined },
      { key: 'age', relevant: "${consent} = 'yes'" },
      { key: 'school', relevant: '${age} < 18' },
      { key: 'page2', relevant: '${age} != 0' },
      { key: 'job', group: 'page2', relevant: '${age} >= 18' },
    ];
    expect(pruneHidden(questions, { consent: 'no', age: '12', school: 'x', job: 'y' })).toEqual({
      consent: 'no',
    });
    expect(pruneHidden(questions, { consent: 'yes', age: '12', school: 'x', job: 'y' })).toEqual({
      consent: 'yes',
      age: '12',
      school: 'x',
    });
    expect(pruneHidden(questions, { consent: 'yes', age: '30', school: 'x', job: 'y' })).toEqual({
      consent: 'yes',
      age: '30',
      job: 'y',
    });
    expect(pruneHidden([{ key: 'a', relevant: '1 +' }], { a: 1 })).toEqual({ a: 1 });
  });
});
