import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluate, formulaKeys, parseFormula, parseFormulaAnyKeys } from './formula';

const keys = ['girls_passing', 'girls_tested', 'a', 'b'];
const calc = (f: string, v: Record<string, number | null>) => {
  const r = parseFormula(f, Object.keys(v));
  if (!r.ok) throw new Error(r.error.message);
  return evaluate(r.ast, v);
};

describe('parseFormula', () => {
  it('parses functions, precedence, parentheses and unary minus', () => {
    expect(calc('percent(a, b)', { a: 25, b: 200 })).toBe(12.5);
    expect(calc('ratio(a,b)', { a: 1, b: 4 })).toBe(0.25);
    expect(calc('sum(a, b, 2)', { a: 1, b: 4 })).toBe(7);
    expect(calc('average(a, b)', { a: 1, b: 4 })).toBe(2.5);
    expect(calc('min(a, b) + max(a, b)', { a: 1, b: 4 })).toBe(5);
    expect(calc('a + b * 2', { a: 1, b: 4 })).toBe(9);
    expect(calc('(a + b) * 2', { a: 1, b: 4 })).toBe(10);
    expect(calc('-a - -b', { a: 1, b: 4 })).toBe(3);
    expect(calc('a / b / 2', { a: 8, b: 2 })).toBe(2);
    expect(calc(' .5 * a ', { a: 8 })).toBe(4);
  });

  it('names an unknown data point with its position', () => {
    const r = parseFormula('percent(girls_pass, girls_tested)', keys);
    expect(r).toEqual({
      ok: false,
      error: { message: 'Unknown data point `girls_pass` at position 8', position: 8 },
    });
  });

  it('reports syntax errors with positions', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['a +', 3, /ends too early/],
      ['a + * b', 4, /Unexpected `\*`/],
      ['sum(a, b', 8, /Expected `\)`/],
      ['(a + b', 6, /Expected `\)`/],
      ['a b', 2, /Unexpected `b`/],
      ['a $ b', 2, /Unexpected character `\$`/],
      ['foo(a)', 0, /Unknown function `foo`/],
      ['ratio(a)', 0, /exactly 2 arguments \(got 1\)/],
      ['', 0, /empty/],
      ['a + b)', 5, /Unexpected `\)`/],
    ];
    for (const [f, pos, re] of cases) {
      const r = parseFormula(f, keys);
      expect(r.ok, f).toBe(false);
      if (!r.ok) {
        expect(r.error.position, f).toBe(pos);
        expect(r.error.message, f).toMatch(re);
        expect(r.error.message, f).toMatch(new RegExp(`at position ${pos}$`));
      }
    }
  });

  it('divides by zero into null, never Infinity; missing values make null', () => {
    expect(calc('a / b', { a: 1, b: 0 })).toBeNull();
    expect(calc('percent(a, b)', { a: 1, b: 0 })).toBeNull();
    expect(calc('ratio(a, b)', { a: 1, b: 0 })).toBeNull();
    expect(calc('a + b', { a: 1, b: null })).toBeNull();
  });

  it('lists the keys it uses; parseFormulaAnyKeys accepts any identifier', () => {
    const r = parseFormulaAnyKeys('percent(girls_passing, girls_tested) + girls_passing');
    expect(r.ok && formulaKeys(r.ast)).toEqual(['girls_passing', 'girls_tested']);
  });

  it('never throws on arbitrary input; errors point inside the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const r = parseFormula(s, keys);
        if (!r.ok) {
          expect(r.error.position).toBeGreaterThanOrEqual(0);
          expect(r.error.position).toBeLessThanOrEqual(s.length);
        }
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'a',
            'b',
            '(',
            ')',
            '+',
            '-',
            '*',
            '/',
            ',',
            'sum(',
            'percent(',
            '1',
            '0',
            ' ',
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const r = parseFormula(parts.join(''), keys);
          if (r.ok) {
            const v = evaluate(r.ast, { a: 3, b: 0 });
            expect(v === null || Number.isFinite(v)).toBe(true);
          }
        },
      ),
    );
  });

  it('agrees with arithmetic on random sums and products', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (a, b) => {
          expect(calc('a * b + a - b', { a, b })).toBe(a * b + a - b);
          expect(calc('sum(a, b)', { a, b })).toBe(a + b);
        },
      ),
    );
  });

  it('refuses deeply nested input without crashing', () => {
    expect(parseFormula('('.repeat(40) + 'a' + ')'.repeat(40), keys).ok).toBe(true);
    const deep = parseFormula('('.repeat(200) + 'a' + ')'.repeat(200), keys);
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.error.message).toMatch(/nested more than 50 levels/);
    expect(parseFormula('x'.repeat(600), keys).ok).toBe(false);
  });

  it('is the expression language read as formulas: ${key} works, function names ignore case', () => {
    expect(calc('SUM(a, ${b}) / 2', { a: 1, b: 4 })).toBe(2.5);
    expect(calc('if(a > b, a, b)', { a: 1, b: 4 })).toBe(4);
    expect(calc('a mod 3', { a: 7 })).toBe(1);
    const dot = parseFormula('. + a', keys);
    expect(dot.ok || dot.error.message).toBe('Unexpected `.` at position 0');
    const dashed = parseFormulaAnyKeys('${first-key} + 1');
    expect(dashed.ok || dashed.error.message).toMatch(
      /letters, digits and underscores at position 0$/,
    );
  });
});
