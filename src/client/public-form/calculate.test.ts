import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expr } from '../../../test/helpers/expression-arbitraries';
import { print } from '@shared/expressions';
import { validateAnswers } from '@shared/forms/answers';
import { repeatPrefill } from '@shared/forms/prefill';
import { knownAfterSending, prefilled, prefilledRepeats, toSend } from './answers';
import { questionDef } from '@shared/forms/test-support';

const q = questionDef;
const text = fc.oneof(
  fc.constantFrom('', '0', '3', '-2.5', '10', 'abc', 'a b', '2024-05-01', 'true'),
  fc.integer({ min: -50, max: 50 }).map(String),
);

describe('calculate: the browser and the server compute the same value', () => {
  it('over generated expressions and answers, the server keeps what the browser sent', () => {
    fc.assert(
      fc.property(expr, fc.record({ a: text, b: text, q: text, d: text }), (ast, draft) => {
        const calculation = print(ast);
        // the clock moves between the two computations: leave out now() (today() changes at midnight only)
        fc.pre(!calculation.includes('now('));
        const questions = [
          ...['a', 'b', 'q', 'd'].map((k) => q(k, 'short_text')),
          q('calc', 'calculate', { calculation }),
        ];
        const sent = toSend(questions, draft);
        const server = validateAnswers(questions, { ...sent, calc: 'forged' });
        expect(server.errors).toEqual({});
        expect(server.values.calc).toEqual(sent.calc);
      }),
      { numRuns: 300 },
    );
  });
});

describe('hidden values', () => {
  it('come from the query string, else the stakeholder’s known answer', () => {
    const questions = [q('ref', 'hidden'), q('site', 'hidden'), q('name', 'short_text')];
    expect(prefilled(questions, '?ref=abc&name=x', { site: 'S1', ref: 'old' })).toEqual({
      ref: 'abc',
      site: 'S1',
    });
  });
});

describe('a repeat group’s known instances', () => {
  const members = q('members', 'repeat', {
    validation: { max: '2' },
    questions: [
      q('name', 'short_text', { required: true }),
      q('age', 'integer'),
      q('num', 'calculate', { calculation: 'position(..)' }),
    ],
  });
  const questions = [q('ref', 'hidden'), members];
  const stored = [
    { name: 'Amina', age: 34, num: 1 },
    { name: 'Juma', num: 2 },
  ];

  it('start the page (not the hidden values’ route: no query string reaches a repeat)', () => {
    const known = { ref: 'S1', members: repeatPrefill(members, stored)! };
    expect(prefilledRepeats(questions, known)).toEqual({
      members: [{ name: 'Amina', age: '34' }, { name: 'Juma' }],
    });
    expect(prefilled(questions, '?members=x', known)).toEqual({ ref: 'S1' });
    // at most the repeat's maximum, whatever the document says
    expect(
      prefilledRepeats(questions, { members: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] })
        .members,
    ).toHaveLength(2);
  });

  it('sent back unchanged, the server stores what it prefilled (server and page agree)', () => {
    const draft = prefilledRepeats(questions, { members: repeatPrefill(members, stored)! });
    const server = validateAnswers(questions, toSend(questions, draft));
    expect(server.errors).toEqual({});
    expect(server.values.members).toEqual(stored);
  });

  it('after a response is sent, a next one starts from it (the server’s latest response)', () => {
    const known = { ref: 'S1', members: repeatPrefill(members, stored)! };
    const edited = { ref: 'S1', members: [{ name: 'Amina', age: '35' }] };
    const next = knownAfterSending(questions, known, toSend(questions, edited));
    expect(next).toEqual({ ref: 'S1', members: [{ name: 'Amina', age: '35' }] });
    // the page and the server agree on it: what the server would prefill from the stored response
    const server = validateAnswers(questions, toSend(questions, edited));
    expect(next?.members).toEqual(repeatPrefill(members, server.values.members));
    // sent without instances: what was known stays; an open link (no prefill) learns nothing
    expect(knownAfterSending(questions, known, { ref: 'S1' })).toEqual(known);
    expect(knownAfterSending(questions, undefined, toSend(questions, edited))).toBeUndefined();
  });
});
