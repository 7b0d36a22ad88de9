import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createElementSchema,
  createLinkSchema,
  createProblemSchema,
  reorderElementsSchema,
  updateElementSchema,
  updateLinkSchema,
  updateProblemSchema,
} from './problems.schemas';
import { parseSub, parseTab } from './problems';

const issues = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('problem inputs', () => {
  it('trims text, turns blanks into null and reads a population count from a form string', () => {
    const r = createProblemSchema.parse({
      title: '  Water  ',
      statement: '   ',
      populationCount: ' 1200 ',
      geography: 'Turkana',
    });
    expect(r).toEqual({
      title: 'Water',
      statement: null,
      populationCount: 1200,
      geography: 'Turkana',
    });
    expect(
      createProblemSchema.parse({ title: 'x', populationCount: '' }).populationCount,
    ).toBeNull();
  });

  it('refuses negative, fractional or non-numeric counts and unknown statuses, on the field', () => {
    for (const populationCount of [-1, 1.5, 'many', '1e3x'])
      expect(issues(createProblemSchema.safeParse({ title: 'x', populationCount }))).toHaveProperty(
        'populationCount',
      );
    expect(issues(createProblemSchema.safeParse({ title: 'x', status: 'open' }))).toHaveProperty(
      'status',
    );
    expect(issues(createProblemSchema.safeParse({}))).toHaveProperty(
      'title',
      'Give the problem a title.',
    );
  });

  it('an update must change something', () => {
    expect(updateProblemSchema.safeParse({}).success).toBe(false);
    expect(updateProblemSchema.safeParse({ status: 'closed' }).success).toBe(true);
    expect(updateLinkSchema.safeParse({}).success).toBe(false);
    expect(updateElementSchema.safeParse({}).success).toBe(false);
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        for (const s of [
          createProblemSchema,
          updateProblemSchema,
          createElementSchema,
          updateElementSchema,
          createLinkSchema,
          reorderElementsSchema,
        ])
          s.safeParse(v);
      }),
      { numRuns: 300 },
    );
  });
});

describe('element inputs', () => {
  it('needs a horizon for outcomes only; dates are real and in order', () => {
    expect(issues(createElementSchema.safeParse({ kind: 'outcome', title: 'x' }))).toHaveProperty(
      'horizon',
    );
    expect(
      issues(createElementSchema.safeParse({ kind: 'output', title: 'x', horizon: 'long' })),
    ).toHaveProperty('horizon', 'Only outcomes have a horizon.');
    expect(
      createElementSchema.parse({ kind: 'output', title: 'x', horizon: '' }).horizon,
    ).toBeNull();
    expect(
      issues(
        createElementSchema.safeParse({ kind: 'activity', title: 'x', startDate: '2026-13-01' }),
      ),
    ).toHaveProperty('startDate');
    expect(
      issues(
        createElementSchema.safeParse({
          kind: 'activity',
          title: 'x',
          startDate: '2026-03-02',
          endDate: '2026-03-01',
        }),
      ),
    ).toHaveProperty('endDate');
    expect(
      createElementSchema.parse({
        kind: 'activity',
        title: 'x',
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        ownerId: '',
      }),
    ).toMatchObject({ startDate: '2026-03-01', ownerId: null });
  });

  it('parent and child must be ids', () => {
    expect(
      issues(createElementSchema.safeParse({ kind: 'output', title: 'x', parentId: 'abc' })),
    ).toHaveProperty('parentId');
    expect(issues(createLinkSchema.safeParse({ fromId: 'a', toId: 'b' }))).toHaveProperty('toId');
  });
});

describe('tabs', () => {
  it('falls back to the overview and to "all" sub-tabs', () => {
    expect(parseTab('metrics')).toBe('metrics');
    expect(parseTab('../etc')).toBe('overview');
    expect(parseTab(['metrics'])).toBe('overview');
    expect(parseSub('outcomes', 'long')).toBe('long');
    expect(parseSub('outcomes', 'output')).toBe('all');
    expect(parseSub('metrics', 'output')).toBe('output');
    expect(parseSub('overview', 'x')).toBeNull();
  });
});
