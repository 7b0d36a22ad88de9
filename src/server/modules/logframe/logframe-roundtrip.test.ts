import fc from 'fast-check';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { ElementTemplate, ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import {
  AGGREGATIONS,
  ANSWER_TYPES,
  DATA_POINT_MEASUREMENTS,
  METRIC_DIRECTIONS,
  METRIC_TYPES,
  type ReportingPeriod,
} from '../../../shared/toc/vocabulary.js';
import { templateCanLink as canContribute } from '../libraries/index.js';
import { workbookToTemplate } from './logframe-reader.js';
import { actualsKey, orderedElements, templateToXlsx } from './logframe-writer.js';

/** Text as the app stores it (trimmed), sometimes starting like a formula. */
const safeChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.,!?é中-'.split(''),
);
const word = fc
  .string({ unit: safeChars, minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const text = fc
  .tuple(
    fc.constantFrom('', '', '', '=', '+', '-', '@', "'", "'=", '=HYPERLINK("http://x")&'),
    word,
    fc.constantFrom('', '\nsecond line'),
  )
  .map(([p, w, tail]) => `${p}${w}${tail}`.trim());
const optText = fc.option(text, { nil: null });
const isoDate = fc
  .date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const num = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })
  .map((n) => (n === 0 ? 0 : n));
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
const periodKey: Record<ReportingPeriod, fc.Arbitrary<string>> = {
  monthly: fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }))
    .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
  quarterly: fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 4 }))
    .map(([y, q]) => `${y}-Q${q}`),
  annual: fc.integer({ min: 2000, max: 2099 }).map(String),
  fiscal_quarterly: fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 4 }))
    .map(([y, q]) => `FY${y}-Q${q}`),
  fiscal_annual: fc.integer({ min: 2000, max: 2099 }).map((y) => `FY${y}`),
  custom: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,8}$/),
};

const question = fc.record({
  text,
  helpText: optText,
  answerType: fc.constantFrom(...ANSWER_TYPES),
  choices: fc.array(word, { maxLength: 3 }),
  required: fc.boolean(),
});
const dataPoint = fc.record({
  key,
  name: text,
  description: optText,
  measurement: fc.constantFrom(...DATA_POINT_MEASUREMENTS),
  aggregation: fc.constantFrom(...AGGREGATIONS),
  starred: fc.boolean(),
  questions: fc.array(question, { maxLength: 2 }),
});
const metric = fc
  .constantFrom<ReportingPeriod>('monthly', 'quarterly', 'annual', 'custom')
  .chain((period) =>
    fc.record({
      name: text,
      definition: optText,
      unit: fc.option(word, { nil: null }),
      type: fc.constantFrom(...METRIC_TYPES),
      direction: fc.constantFrom(...METRIC_DIRECTIONS),
      period: fc.constant(period),
      disaggregations: fc.uniqueArray(
        fc.record({ key, label: word, categories: fc.array(word, { minLength: 1, maxLength: 3 }) }),
        { maxLength: 2, selector: (d) => d.key },
      ),
      standardRef: fc.option(word, { nil: null }),
      formula: optText,
      baselineValue: fc.option(num, { nil: null }),
      baselineDate: fc.option(isoDate, { nil: null }),
      periodStart: fc.option(isoDate, { nil: null }),
      periodEnd: fc.option(isoDate, { nil: null }),
      targets: fc.uniqueArray(fc.record({ period: periodKey[period], value: num }), {
        maxLength: 3,
        selector: (t) => t.period,
      }),
      dataPoints: fc.uniqueArray(dataPoint, { maxLength: 3, selector: (d) => d.key }),
    }),
  );
const level = fc.constantFrom(
  { kind: 'impact' as const, horizon: null },
  { kind: 'outcome' as const, horizon: 'long' as const },
  { kind: 'outcome' as const, horizon: 'medium' as const },
  { kind: 'outcome' as const, horizon: 'short' as const },
  { kind: 'outcome' as const, horizon: null },
  { kind: 'output' as const, horizon: null },
  { kind: 'activity' as const, horizon: null },
);
const element = fc.record({
  ref: fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/),
  level,
  title: text,
  description: optText,
  assumptions: optText,
  risks: optText,
  metrics: fc.array(metric, { maxLength: 2 }),
});

/** A valid template: links only where allowed, outcome -> outcome only "forwards" (no cycles). */
const template: fc.Arbitrary<ProblemTemplate> = fc
  .record({
    problem: fc.record({
      title: text,
      statement: optText,
      rootCauses: optText,
      populationWho: optText,
      populationCount: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
      geography: optText,
      evidence: optText,
    }),
    elements: fc.uniqueArray(element, { minLength: 1, maxLength: 8, selector: (e) => e.ref }),
    linkSeeds: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
  })
  .map(({ problem, elements, linkSeeds }) => {
    const els: ElementTemplate[] = elements.map(({ level: l, ...e }) => ({
      ...e,
      kind: l.kind,
      horizon: l.horizon,
    }));
    const links = new Map<string, { from: string; to: string; assumptions: null }>();
    for (const [a, b] of linkSeeds) {
      const i = a % els.length;
      const j = b % els.length;
      const [from, to] = [els[i], els[j]];
      if (
        !canContribute(from.kind, to.kind) ||
        (from.kind === 'outcome' && to.kind === 'outcome' && i >= j)
      )
        continue;
      links.set(`${from.ref}>${to.ref}`, { from: from.ref, to: to.ref, assumptions: null });
    }
    return { problem, elements: els, links: [...links.values()] };
  });

/** What the reader gives back: logframe order, links sorted, no link assumptions. */
function expected(t: ProblemTemplate) {
  return {
    problem: t.problem,
    elements: orderedElements(t).map((e) => ({
      ...e,
      metrics: e.metrics.map((m) => ({
        ...m,
        targets: [...m.targets].sort((a, b) => (a.period < b.period ? -1 : 1)),
      })),
    })),
    links: t.links
      .map((l) => ({ from: l.from, to: l.to }))
      .sort((a, b) => `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`)),
  };
}
function normalised(t: ProblemTemplate) {
  return {
    ...t,
    links: t.links
      .map((l) => ({ from: l.from, to: l.to }))
      .sort((a, b) => `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`)),
  };
}

/** Found by this property in CI: a data point key with an OOXML escape in it came back as "a\u0000". */
const OOXML_KEY = JSON.parse(
  '{"problem":{"title":"a","statement":null,"rootCauses":null,"populationWho":null,"populationCount":null,"geography":null,"evidence":null},"elements":[{"ref":"-","title":"a","description":null,"assumptions":null,"risks":null,"metrics":[{"name":"a","definition":null,"unit":null,"type":"count","direction":"increase","period":"monthly","disaggregations":[],"standardRef":null,"formula":null,"baselineValue":null,"baselineDate":null,"periodStart":null,"periodEnd":null,"targets":[],"dataPoints":[{"key":"a_x0000_","name":"a","description":null,"measurement":"manual","aggregation":"count","starred":false,"questions":[]}]}],"kind":"impact","horizon":null}],"links":[]}',
) as ProblemTemplate;

describe('logframe XLSX round trip', () => {
  it('reads back exactly what it wrote (titles, levels, links, metrics, baselines, targets, data points, questions)', async () => {
    await fc.assert(
      fc.asyncProperty(template, async (t) => {
        const buf = await templateToXlsx(t);
        const read = await workbookToTemplate(buf);
        if ('errors' in read) throw new Error(JSON.stringify(read.errors.slice(0, 5)));
        expect(normalised(read.template)).toEqual(expected(t));
      }),
      { numRuns: 40, examples: [[OOXML_KEY]] },
    );
  }, 120_000);

  it('writes formula-looking text as plain strings with a leading apostrophe, and no cell is a formula', async () => {
    const t: ProblemTemplate = {
      problem: { title: '=cmd|" /C calc"!A0', statement: '@SUM(1,2)' },
      elements: [
        {
          ref: 'I1',
          kind: 'impact',
          horizon: null,
          title: '+1+1',
          description: '-2+3',
          assumptions: "'quoted",
          risks: null,
          metrics: [],
        },
      ],
      links: [],
    };
    const buf = await templateToXlsx(t, { actuals: { [actualsKey('I1', 0)]: { '2026-Q1': 3 } } });
    const zip = await JSZip.loadAsync(buf);
    const sheets = Object.keys(zip.files).filter(
      (n) => n.startsWith('xl/worksheets/') && n.endsWith('.xml'),
    );
    for (const name of sheets) expect(await zip.file(name)!.async('string')).not.toMatch(/<f[\s>]/);
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    expect(strings).toContain('<t>&apos;+1+1</t>');
    expect(strings).toContain('<t>&apos;-2+3</t>');
    expect(strings).toContain('<t>&apos;=cmd|&quot; /C calc&quot;!A0</t>');
    expect(strings).toContain('<t>&apos;&apos;quoted</t>');
    const read = await workbookToTemplate(buf);
    expect('template' in read && read.template.problem.title).toBe('=cmd|" /C calc"!A0');
    expect('template' in read && read.template.elements[0]).toMatchObject({
      title: '+1+1',
      description: '-2+3',
      assumptions: "'quoted",
    });
  });

  it('drops control characters that XML cannot hold', async () => {
    const t: ProblemTemplate = {
      problem: { title: 'Clean\u0001 me' },
      elements: [
        { ref: 'A', kind: 'activity', horizon: null, title: 'Tab\there\r\nnext', metrics: [] },
      ],
      links: [],
    };
    const read = await workbookToTemplate(await templateToXlsx(t));
    expect('template' in read && read.template.problem.title).toBe('Clean me');
    expect('template' in read && read.template.elements[0].title).toBe('Tab\there\nnext');
  });
});
