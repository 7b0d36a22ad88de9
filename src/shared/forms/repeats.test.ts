import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answers.js';
import { formLogicErrors, visibleKeys } from './logic.js';
import { logicScope, nestQuestions } from './repeats.js';
import { diffVersions } from './versions.js';
import { pruneHidden } from '../expressions/index.js';
import type { QuestionDef } from './questions.js';
import { questionDef } from './test-support.js';

const q = questionDef;

const members = (over: Partial<QuestionDef> = {}) =>
  q('members', 'repeat', {
    itemLabel: 'member',
    validation: { min: '1', max: '5' },
    questions: [
      q('name', 'short_text', { required: true }),
      q('age', 'integer', { validation: { min: '0', max: '120' } }),
      // per instance: asked only of this member when this member is an adult
      q('works', 'yes_no', { relevant: '${age} >= 18', required: true }),
      q('num', 'calculate', { calculation: 'position(..)' }),
    ],
    ...over,
  });
const form = [
  q('village', 'short_text'),
  members(),
  q('adults', 'calculate', { calculation: 'count(${members})' }),
  q('oldest', 'calculate', { calculation: 'max(${age})' }),
  q('big', 'short_text', { relevant: 'count(${members}) > 2' }),
];

describe('repeat groups: one check per instance', () => {
  it('keeps each instance, hides by its own answers, computes over the instances', () => {
    const r = validateAnswers(form, {
      village: 'Kisumu',
      members: [
        { name: 'Ann', age: '40', works: 'yes' },
        { name: 'Ben', age: '7', works: 'yes' },
      ],
      big: 'dropped: only 2 members',
    });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({
      village: 'Kisumu',
      members: [
        { name: 'Ann', age: 40, works: 'yes', num: 1 },
        // a 7-year-old is not asked `works`: the answer is cleaned
        { name: 'Ben', age: 7, num: 2 },
      ],
      adults: 2,
      oldest: 40,
    });
  });

  it('names each error by its path, 1-based', () => {
    const r = validateAnswers(form, {
      members: [{ name: 'Ann', age: '40' }, { age: '300' }],
    });
    expect(r.errors).toEqual({
      'members[1].works': 'This question needs an answer.',
      'members[2].name': 'This question needs an answer.',
      'members[2].age': 'Enter 120 or less.',
    });
  });

  it('refuses unknown keys, wrong shapes and counts with specific messages', () => {
    expect(validateAnswers(form, { members: [{ name: 'A', colour: 'red' }] }).errors).toEqual({
      'members[1].colour': '“colour” is not a question of this form version.',
    });
    expect(validateAnswers(form, { members: { name: 'A' } }).errors).toEqual({
      members: 'Give the member answers as a list (one object per member).',
    });
    expect(validateAnswers(form, { members: ['Ann'] }).errors).toEqual({
      'members[1]': 'Each member is an object of answers by question key.',
    });
    expect(validateAnswers(form, { members: [] }).errors).toEqual({
      members: 'Add at least 1 member.',
    });
    const six = Array.from({ length: 6 }, () => ({ name: 'X', age: 5 }));
    expect(validateAnswers(form, { members: six }).errors).toEqual({
      members: 'Add at most 5 members (this has 6).',
    });
    expect(validateAnswers(form, { members: [{ name: 'A', age: 3 }], age: 3 }).errors).toEqual({
      age: '“age” is asked in each “members” instance: send it inside members[n].',
    });
  });

  it('takes exactly the number a repeat_count expression gives', () => {
    const counted = [q('size', 'integer'), members({ repeatCount: '${size}', validation: {} })];
    expect(validateAnswers(counted, { size: 2, members: [{ name: 'A', age: 1 }] }).errors).toEqual({
      members: 'Give exactly 2 members (this has 1).',
    });
    expect(
      validateAnswers(counted, {
        size: 2,
        members: [
          { name: 'A', age: 1 },
          { name: 'B', age: 2 },
        ],
      }).errors,
    ).toEqual({});
  });

  it('constraints read the same instance (`.` and ${field}) and position(..)', () => {
    const f = [
      q('kids', 'repeat', {
        questions: [
          q('age', 'integer'),
          q('grade', 'integer', { constraint: '. <= ${age} - 5', constraintMessage: 'Too high' }),
          q('first', 'yes_no', { constraint: "position(..) = 1 or . = 'no'" }),
        ],
      }),
    ];
    const r = validateAnswers(f, {
      kids: [
        { age: 10, grade: 5, first: 'yes' },
        { age: 8, grade: 5, first: 'yes' },
      ],
    });
    expect(r.errors).toEqual({
      'kids[2].grade': 'Too high',
      'kids[2].first': 'This answer is not accepted.',
    });
  });

  it('pruneHidden and visibleKeys agree with the validation, instance by instance', () => {
    const answers = {
      members: [
        { name: 'Ann', age: 40, works: 'yes' },
        { name: 'Ben', age: 7, works: 'yes' },
        { name: 'Cy', age: 9 },
      ],
      big: 'yes',
    };
    const kept = pruneHidden(form, answers) as { members: Array<Record<string, unknown>> };
    expect(kept.members[1]).toEqual({ name: 'Ben', age: 7 });
    expect(kept.members[0].works).toBe('yes');
    expect(visibleKeys(form, answers).has('big')).toBe(true);
    expect(visibleKeys(form, { members: [{ age: 1 }] }).has('big')).toBe(false);
    expect(
      visibleKeys(members().questions!, { age: 7 }, undefined, { outer: {}, position: 2 }),
    ).toEqual(new Set(['name', 'age', 'num']));
  });
});

describe('repeat groups in the builder and versions', () => {
  it('nests a flat draft and scopes what each expression may read', () => {
    const rows = [
      { key: 'size', type: 'integer' as const, repeatKey: null },
      { key: 'members', type: 'repeat' as const, repeatKey: null },
      { key: 'after', type: 'short_text' as const, repeatKey: null },
      { key: 'name', type: 'short_text' as const, repeatKey: 'members' },
      { key: 'age', type: 'integer' as const, repeatKey: 'members' },
    ];
    const defs = nestQuestions(rows, (r) => q(r.key, r.type));
    expect(defs.map((d) => d.key)).toEqual(['size', 'members', 'after']);
    expect(defs[1].questions!.map((d) => d.key)).toEqual(['name', 'age']);
    expect(logicScope(defs, 'age').earlier).toEqual(['size', 'name']);
    expect(logicScope(defs, 'after').earlier).toEqual(['size', 'members', 'name', 'age']);
    expect(logicScope(defs, 'members').later).toContain('name');
  });

  it('refuses a repeat count or skip logic reading a later question, naming it', () => {
    const errors = formLogicErrors([members({ repeatCount: '${size}' }), q('size', 'integer')]);
    expect(errors.join(' ')).toMatch(/repeat count: `size` comes after this question/);
  });

  it('diffs a repeat’s questions by key', () => {
    const d = diffVersions(
      [members()],
      [members({ questions: [q('name', 'short_text', { label: 'Full name' })] })],
    );
    expect(d.removed.map((r) => r.key)).toEqual(['age', 'works', 'num']);
    expect(d.relabelled.map((r) => r.key)).toEqual(['name']);
  });
});

describe('a repeat inside a repeat (households > members > visits)', () => {
  const visits = q('visits', 'repeat', {
    itemLabel: 'visit',
    validation: { max: '3' },
    questions: [
      q('clinic', 'short_text', { required: true }),
      // reads the member around it, then the visit's own number
      q('note', 'short_text', { relevant: '${age} < 5' }),
      q('visit_no', 'calculate', { calculation: 'position(..)' }),
    ],
  });
  const nested = [
    q('village', 'short_text'),
    members({
      questions: [
        q('name', 'short_text', { required: true }),
        q('age', 'integer'),
        visits,
        q('visited', 'calculate', { calculation: 'count(${visits})' }),
      ],
    }),
    q('all_visits', 'calculate', { calculation: 'count(${visits})' }),
    q('clinics', 'calculate', { calculation: 'count-selected(${clinic})' }),
  ];

  it('checks each instance of each level, reading outwards, and computes over all of them', () => {
    const r = validateAnswers(nested, {
      village: 'Kisumu',
      members: [
        {
          name: 'Ann',
          age: '3',
          visits: [{ clinic: 'North', note: 'fever' }, { clinic: 'South' }],
        },
        { name: 'Ben', age: '40', visits: [{ clinic: 'East', note: 'dropped: Ben is 40' }] },
      ],
    });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({
      village: 'Kisumu',
      members: [
        {
          name: 'Ann',
          age: 3,
          visits: [
            { clinic: 'North', note: 'fever', visit_no: 1 },
            { clinic: 'South', visit_no: 2 },
          ],
          visited: 2,
        },
        { name: 'Ben', age: 40, visits: [{ clinic: 'East', visit_no: 1 }], visited: 1 },
      ],
      all_visits: 3,
      // the clinics of every visit of every member, one list
      clinics: 3,
    });
    // the browser's pruning agrees
    const sent = {
      members: [{ name: 'Ben', age: 40, visits: [{ clinic: 'East', note: 'x' }] }],
    };
    expect(pruneHidden(nested, sent)).toEqual({
      members: [{ name: 'Ben', age: 40, visits: [{ clinic: 'East' }] }],
    });
  });

  it('names an error by its whole path and refuses a key sent at the wrong level', () => {
    const r = validateAnswers(nested, {
      members: [{ name: 'Ann', visits: [{ clinic: 'North' }, {}] }],
      clinic: 'at the top',
    });
    expect(r.errors).toEqual({
      'members[1].visits[2].clinic': 'This question needs an answer.',
      clinic: expect.stringMatching(/inside members/),
    });
    const many = validateAnswers(nested, {
      members: [{ name: 'Ann', visits: [1, 2, 3, 4].map(() => ({ clinic: 'N' })) }],
    });
    expect(Object.keys(many.errors)).toEqual(['members[1].visits']);
  });

  it('nests a flat draft at any depth and scopes each expression', () => {
    const rows = [
      { key: 'members', type: 'repeat' as const, repeatKey: null },
      { key: 'name', type: 'short_text' as const, repeatKey: 'members' },
      { key: 'visits', type: 'repeat' as const, repeatKey: 'members' },
      { key: 'clinic', type: 'short_text' as const, repeatKey: 'visits' },
      { key: 'after', type: 'short_text' as const, repeatKey: null },
      // a repeat in itself (through another) stays at the top, as the builder refuses it
      { key: 'a', type: 'repeat' as const, repeatKey: 'b' },
      { key: 'b', type: 'repeat' as const, repeatKey: 'a' },
    ];
    const defs = nestQuestions(rows, (r) => q(r.key, r.type));
    expect(defs.map((d) => d.key)).toEqual(['members', 'after', 'a', 'b']);
    expect(defs[0].questions!.map((d) => d.key)).toEqual(['name', 'visits']);
    expect(defs[0].questions![1].questions!.map((d) => d.key)).toEqual(['clinic']);
    // inside: the earlier questions of every level around it, not the repeats it sits in
    expect(logicScope(defs, 'clinic').earlier).toEqual(['name']);
    expect(logicScope(defs, 'after').earlier).toEqual(['members', 'name', 'visits', 'clinic']);
    expect(logicScope(defs, 'members').later).toEqual([
      'name',
      'visits',
      'clinic',
      'after',
      'a',
      'b',
    ]);
  });
});
