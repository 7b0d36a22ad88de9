import { describe, expect, it } from 'vitest';
import {
  check,
  evaluate,
  evaluateBoolean,
  evaluateText,
  parse,
  references,
  type Answer,
  type Env,
} from './index';

const NOW = Date.UTC(2024, 4, 15, 13, 45, 30); // 2024-05-15T13:45:30Z
const answers: Record<string, Answer> = {
  age: '34',
  n: 7,
  empty: '',
  fruit: 'apple banana',
  veg: ['carrot', 'leek'],
  name: '  Ada   Lovelace ',
  dob: '1990-02-01',
  when: '2024-05-01T10:00:00Z',
  yes: true,
  ages: [3, 5, 10],
  pat: '[',
};
const run = (text: string, env: Partial<Env> = {}) => {
  const r = parse(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return evaluate(r.ast, { answers, now: NOW, ...env });
};
const text = (t: string, env: Partial<Env> = {}) => {
  const r = parse(t);
  if (!r.ok) throw new Error(r.error.message);
  return evaluateText(r.ast, { answers, now: NOW, ...env });
};

describe('evaluate: operators', () => {
  it('does arithmetic on numbers read from answers; empty answers and division by zero give NaN', () => {
    expect(run('${age} + 1')).toBe(35);
    expect(run('${n} - 10')).toBe(-3);
    expect(run('${n} * 2')).toBe(14);
    expect(run('${n} div 2')).toBe(3.5);
    expect(run('${n} / 2')).toBe(3.5);
    expect(run('${n} mod 4')).toBe(3);
    expect(run('-${n}')).toBe(-7);
    expect(run('${empty} + 1')).toBeNaN();
    expect(run('${missing} * 2')).toBeNaN();
    expect(run('1 div 0')).toBeNaN();
    expect(text('1 div 0')).toBe('');
    expect(run("'abc' + 1")).toBeNaN();
  });

  it('compares by XPath rules: booleans, then numbers, then text', () => {
    expect(run('${age} = 34')).toBe(true);
    expect(run("${age} = '34'")).toBe(true);
    expect(run("${age} = '34.0'")).toBe(false);
    expect(run('${age} = 34.0')).toBe(true);
    expect(run("${empty} = ''")).toBe(true);
    expect(run("${missing} = ''")).toBe(true);
    expect(run("${n} != ''")).toBe(true);
    expect(run('${empty} = 0')).toBe(false);
    expect(run('${empty} != 0')).toBe(true);
    expect(run('${yes} = 1')).toBe(true);
    expect(run("${yes} = 'false'")).toBe(true); // a non-empty text is true
    expect(run('${age} > 18 and ${age} <= 34')).toBe(true);
    expect(run('${age} < 18 or ${age} >= 35')).toBe(false);
    expect(run("'10' > '9'")).toBe(true); // relational comparisons are numeric
    expect(run('${empty} < 5 or ${empty} >= 5')).toBe(false);
  });

  it('compares dates as days', () => {
    expect(run("${dob} < date('2000-01-01')")).toBe(true);
    expect(run("${dob} = date('1990-02-01')")).toBe(true);
    expect(run('${when} < now()')).toBe(true);
    expect(run("today() > '2024-05-14'")).toBe(true);
    expect(run('int((today() - date(${dob})) div 365.25)')).toBe(34);
  });

  it('reads `.` as the value being checked', () => {
    expect(run('. >= 18 and . <= 120', { current: '42' })).toBe(true);
    expect(run('. >= 18', { current: null })).toBe(false);
  });

  it('short-circuits nothing that matters and never throws on odd values', () => {
    expect(run('${veg} and ${fruit}')).toBe(true);
    expect(run("${empty} or ''")).toBe(false);
  });
});

describe('evaluate: functions', () => {
  const cases: Array<[string, unknown]> = [
    ["selected(${fruit}, 'banana')", true],
    ["selected(${fruit}, 'ban')", false],
    ["selected(${veg}, 'leek')", true],
    ['count-selected(${veg})', 2],
    ['count-selected(${empty})', 0],
    ['selected-at(${fruit}, 1)', 'banana'],
    ['selected-at(${fruit}, 5)', ''],
    ["if(${n} > 5, 'big', 'small')", 'big'],
    ["coalesce(${empty}, 'none')", 'none'],
    ["coalesce(${age}, 'none')", '34'],
    ['not(${yes})', false],
    ['true()', true],
    ['false()', false],
    ['boolean(${empty})', false],
    ["regex(${age}, '^[0-9]+$')", true],
    ["regex('x', ${pat})", false],
    ["contains(${fruit}, 'nan')", true],
    ["starts-with(${fruit}, 'app')", true],
    ["ends-with(${fruit}, 'na')", true],
    ["concat('a', ${n}, '-', ${veg})", 'a7-carrot leek'],
    ['string-length(${fruit})', 12],
    ["substr('hello', 1, 3)", 'el'],
    ["substr('hello', 2)", 'llo'],
    ["substring-before('a-b-c', '-')", 'a'],
    ["substring-after('a-b-c', '-')", 'b-c'],
    ["translate('abcab', 'ab', 'x')", 'xcx'],
    ['normalize-space(${name})', 'Ada Lovelace'],
    ['string(1 div 2)', '0.5'],
    ["number('12.5')", 12.5],
    ['int(-7.9)', -7],
    ['round(2.5)', 3],
    ['round(3.14159, 2)', 3.14],
    ['abs(-3)', 3],
    ['pow(2, 10)', 1024],
    ['sum(${ages})', 18],
    ['sum(1, 2, ${n})', 10],
    ['max(${ages})', 10],
    ['min(${ages}, 1)', 1],
    ['average(2, 4)', 3],
    ['ratio(1, 4)', 0.25],
    ['percent(1, 8)', 12.5],
    ["format-date(today(), '%Y-%m-%d %e/%n/%y %b')", '2024-05-15 15/5/24 May'],
    ["format-date(now(), '%H:%M:%S %h')", '13:45:30 13'],
    ["format-date('nonsense', '%Y')", ''],
    ["decimal-date-time('1970-01-02T12:00:00Z')", 1.5],
    ['decimal-date-time(today())', 19858],
    ["string(date('2024-02-29'))", '2024-02-29'],
    ["string(date('2023-02-29'))", ''],
    ['string(date(19858))', '2024-05-15'],
    ['string(now())', '2024-05-15T13:45:30.000Z'],
    ["string(date('2024-05-01T23:00:00+02:00'))", '2024-05-01'],
  ];
  it.each(cases)('%s gives %j', (expr, want) => {
    const got = run(expr);
    expect(typeof got === 'object' ? text(expr) : got).toEqual(want);
  });

  it('gives evaluateBoolean and evaluateText their XPath conversions', () => {
    const r = parse('${n} + 0.5');
    if (!r.ok) throw new Error();
    expect(evaluateText(r.ast, { answers })).toBe('7.5');
    expect(evaluateBoolean(r.ast, { answers })).toBe(true);
    expect(evaluateBoolean(r.ast, { answers: {} })).toBe(false);
  });
});

describe('references and check', () => {
  it('lists dependencies in order of first use and points at unknown fields', () => {
    const r = parse('if(${a} > 1, ${b}, ${a}) + count-selected(${c})');
    if (!r.ok) throw new Error();
    expect(references(r.ast)).toEqual(['a', 'b', 'c']);
    expect(check(r.ast, ['a', 'c'])).toEqual([
      { message: 'Unknown field `b`', start: 13, end: 17 },
    ]);
    expect(check(r.ast, ['a', 'b', 'c'])).toEqual([]);
  });
});
