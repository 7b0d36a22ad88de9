import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripPositions } from './ast';
import { compiledExpression, normaliseQuotes, parse } from './index';

const ast = (text: string) => {
  const r = parse(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return stripPositions(r.ast);
};
const error = (text: string) => {
  const r = parse(text);
  if (r.ok) throw new Error(`${text} parsed`);
  return r.error;
};

describe('the generated parser', () => {
  it('is what grammar.peggy generates (run `npm run expressions:parser` after editing it)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const bin = path.join(root, 'node_modules/.bin/peggy');
    const grammar = path.join(import.meta.dirname, 'grammar.peggy');
    const fresh = execFileSync(bin, ['--format', 'es', '-o', '-', grammar], { encoding: 'utf8' });
    const committed = readFileSync(path.join(import.meta.dirname, 'parser.generated.js'), 'utf8');
    expect(committed).toBe(fresh);
  });
});

describe('parse', () => {
  it('reads references, the current value, numbers and both kinds of quotes', () => {
    expect(ast('${age}')).toEqual({ type: 'ref', name: 'age' });
    expect(ast('${first-name.v2}')).toEqual({ type: 'ref', name: 'first-name.v2' });
    expect(ast('age')).toEqual({ type: 'ref', name: 'age', bare: true });
    expect(ast('${age}')).toEqual({ type: 'ref', name: 'age' });
    expect(ast('.')).toEqual({ type: 'current' });
    expect(ast('.5')).toEqual({ type: 'number', value: 0.5 });
    expect(ast('12.')).toEqual({ type: 'number', value: 12 });
    expect(ast(`'it"s'`)).toEqual({ type: 'string', value: 'it"s' });
    expect(ast(`"it's"`)).toEqual({ type: 'string', value: "it's" });
  });

  it('gives each operator its XPath precedence, left to right', () => {
    const b = (op: string, left: unknown, right: unknown) => ({ type: 'binary', op, left, right });
    const n = (value: number) => ({ type: 'number', value });
    expect(ast('1 + 2 * 3')).toEqual(b('+', n(1), b('*', n(2), n(3))));
    expect(ast('1 - 2 - 3')).toEqual(b('-', b('-', n(1), n(2)), n(3)));
    expect(ast('8 div 2 mod 3')).toEqual(b('mod', b('div', n(8), n(2)), n(3)));
    expect(ast('8 / 2')).toEqual(b('div', n(8), n(2)));
    expect(ast('1 < 2 = 3 >= 4')).toEqual(b('=', b('<', n(1), n(2)), b('>=', n(3), n(4))));
    expect(ast('1 or 2 and 3 != 4')).toEqual(b('or', n(1), b('and', n(2), b('!=', n(3), n(4)))));
    expect(ast('(1 or 2) and 3')).toEqual(b('and', b('or', n(1), n(2)), n(3)));
    expect(ast('- -1')).toEqual({
      type: 'unary',
      op: '-',
      arg: { type: 'unary', op: '-', arg: n(1) },
    });
    for (const op of ['<=', '>', '>=', '<', '!=', '='])
      expect(ast(`1 ${op} 2`)).toEqual(b(op, n(1), n(2)));
  });

  it('reads keywords as operators between operands and as names elsewhere', () => {
    expect(ast('div div mod')).toEqual({
      type: 'binary',
      op: 'div',
      left: { type: 'ref', name: 'div', bare: true },
      right: { type: 'ref', name: 'mod', bare: true },
    });
    expect(ast('a-sum(b)')).toMatchObject({ op: '-', right: { type: 'call', name: 'sum' } });
  });

  it('reads function calls, hyphenated and prefixed names included', () => {
    expect(ast('count-selected(${q})')).toMatchObject({ type: 'call', name: 'count-selected' });
    expect(ast('true()')).toEqual({ type: 'call', name: 'true', args: [] });
    expect(ast("concat('a', ${b}, 1)")).toMatchObject({ args: [{}, {}, {}] });
  });

  it('records the [start, end) range of every node', () => {
    const r = parse("  ${a} + sum(1, 'x')");
    expect(r.ok && r.ast).toMatchObject({
      start: 2,
      end: 20,
      left: { start: 2, end: 6 },
      right: {
        start: 9,
        end: 20,
        args: [
          { start: 13, end: 14 },
          { start: 16, end: 19 },
        ],
      },
    });
  });

  it('points at syntax errors', () => {
    const cases: Array<[string, number, number, RegExp]> = [
      ['1 +', 3, 3, /ends too early/],
      ['1 + * 2', 4, 5, /^Unexpected `\*`$/],
      ['sum(1, 2', 8, 8, /Expected `\)` but the expression ends/],
      ['${age', 5, 5, /Expected `}`/],
      ['${1x} = 2', 0, 5, /reference is written/],
      ['a b', 2, 3, /^Unexpected `b`$/],
      ['a $ b', 2, 3, /Unexpected character `\$`/],
      ["'open", 0, 1, /not closed \(add a matching '\)/],
      ['"open', 0, 1, /not closed/],
      ['a + b)', 5, 6, /^Unexpected `\)`$/],
      ['1 + 2 !', 6, 7, /Unexpected character `!`/],
      ['   ', 0, 3, /empty/],
    ];
    for (const [text, start, end, re] of cases) {
      const e = error(text);
      expect([e.start, e.end], text).toEqual([start, end]);
      expect(e.message, text).toMatch(re);
    }
  });

  it('points at unknown functions, wrong argument counts and invalid literal patterns', () => {
    expect(error('1 + lower(${a})')).toEqual({
      message: 'Unknown function `lower`',
      start: 4,
      end: 9,
    });
    expect(error('1 + jr:foo(1)')).toEqual({
      message: 'Unknown function `jr:foo`',
      start: 4,
      end: 10,
    });
    expect(error('if(1, 2)')).toEqual({
      message: '`if` takes exactly 3 arguments (got 2)',
      start: 0,
      end: 2,
    });
    expect(error('not()').message).toBe('`not` takes exactly 1 argument (got 0)');
    expect(error('concat()').message).toBe('`concat` takes at least 1 argument (got 0)');
    expect(error('round(1, 2, 3)').message).toBe('`round` takes 1 to 2 arguments (got 3)');
    expect(error("regex(., '(')")).toMatchObject({
      start: 9,
      end: 12,
      message: /^Invalid pattern/,
    });
  });

  it('refuses deep nesting and very long text without crashing', () => {
    expect(parse('('.repeat(50) + '1' + ')'.repeat(50)).ok).toBe(true);
    expect(error('('.repeat(60) + '1' + ')'.repeat(60))).toMatchObject({
      start: 50,
      message: /nested more than 50/,
    });
    expect(() => parse('-'.repeat(4000) + '1')).not.toThrow();
    expect(error('1+'.repeat(3000) + '1').message).toMatch(/longer than 5000/);
  });
});

describe('parse on arbitrary text', () => {
  it('never throws, and every error range lies inside the text', () => {
    const pieces = fc.constantFrom(
      '${a}',
      '${',
      '}',
      '(',
      ')',
      "'",
      '"',
      'and',
      'or',
      'div',
      ' ',
      '-',
      '+',
      '=',
      '!',
      '<',
      '1',
      '.',
      ',',
      'if(',
      'selected(',
      'x',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.array(pieces, { maxLength: 25 }).map((p) => p.join('')),
        ),
        (text) => {
          const r = parse(text);
          if (!r.ok) {
            expect(r.error.start).toBeGreaterThanOrEqual(0);
            expect(r.error.end).toBeGreaterThanOrEqual(r.error.start);
            expect(r.error.end).toBeLessThanOrEqual(Math.max(text.length, 1));
            expect(r.error.message).not.toBe('');
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('normaliseQuotes', () => {
  it('replaces Excel curly quotes with straight ones and warns', () => {
    const r = normaliseQuotes('${a} = “yes” or ${b} = ‘no’');
    expect(r.text).toBe(`\${a} = "yes" or \${b} = 'no'`);
    expect(r.warning).toMatch(/Curly quotes/);
    expect(parse(r.text).ok).toBe(true);
    expect(normaliseQuotes("${a} = 'x'")).toEqual({ text: "${a} = 'x'", warning: null });
  });
});

describe('compiledExpression', () => {
  it('parses a text once for every pass over every form (pruneHidden, validateAnswers, visibleKeys) (the same AST back), and none or a bad one to null', () => {
    const a = compiledExpression("${has_kids} = 'yes'");
    expect(a).not.toBeNull();
    expect(compiledExpression("${has_kids} = 'yes'")).toBe(a);
    expect(compiledExpression('')).toBeNull();
    expect(compiledExpression(undefined)).toBeNull();
    expect(compiledExpression('${a} =')).toBeNull();
    expect(compiledExpression('${a} =')).toBeNull();
  });
});
