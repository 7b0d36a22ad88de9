import { describe, expect, it } from 'vitest';
import { templateCanLink, templateProblems } from './template-rules.js';

const el = (
  ref: string,
  kind: 'activity' | 'output' | 'outcome' | 'impact',
  metrics: Array<{
    dataPoints: Array<{ key: string }>;
    disaggregations: Array<{ key: string }>;
  }> = [],
) => ({ ref, kind, title: ref, metrics }) as never;

describe('template rules', () => {
  it('allows activity -> output -> outcome -> outcome | impact only', () => {
    expect(templateCanLink('activity', 'output')).toBe(true);
    expect(templateCanLink('output', 'outcome')).toBe(true);
    expect(templateCanLink('outcome', 'outcome')).toBe(true);
    expect(templateCanLink('outcome', 'impact')).toBe(true);
    for (const [a, b] of [
      ['activity', 'outcome'],
      ['activity', 'impact'],
      ['output', 'output'],
      ['output', 'impact'],
      ['impact', 'outcome'],
      ['outcome', 'activity'],
    ] as const)
      expect(templateCanLink(a, b), `${a} -> ${b}`).toBe(false);
  });

  it('reports duplicate refs, keys and links, self links, unknown refs and cycles on their fields', () => {
    const metric = {
      dataPoints: [{ key: 'n' }, { key: 'n' }],
      disaggregations: [{ key: 'sex' }, { key: 'sex' }],
    };
    const errors = templateProblems({
      elements: [
        el('a', 'activity', [metric as never]),
        el('a', 'output'),
        el('o1', 'outcome'),
        el('o2', 'outcome'),
      ],
      links: [
        { from: 'o1', to: 'o1' },
        { from: 'o1', to: 'o2' },
        { from: 'o1', to: 'o2' },
        { from: 'o2', to: 'o1' },
        { from: 'x', to: 'o1' },
        { from: 'o1', to: 'y' },
      ],
    });
    expect(errors).toEqual({
      'elements.1.ref': 'The ref "a" is used twice.',
      'elements.0.metrics.0.dataPoints.1.key':
        'The data point key "n" is used twice in this metric.',
      'elements.0.metrics.0.disaggregations.1.key':
        'The disaggregation "sex" is used twice in this metric.',
      'links.0.to': 'An element cannot lead to itself.',
      'links.2.to': 'This link is listed twice.',
      'links.4.from': 'No element has the ref "x".',
      'links.5.to': 'No element has the ref "y".',
      links: 'The links form a cycle.',
    });
    expect(
      templateProblems({
        elements: [el('a', 'activity'), el('b', 'output')],
        links: [{ from: 'a', to: 'b' }],
      }),
    ).toEqual({});
  });
});
