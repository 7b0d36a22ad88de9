import { describe, expect, it } from 'vitest';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
  type MetricTemplate,
  type ProblemTemplate,
  type StrategyTemplate,
} from '../../../shared/toc/template.schemas.js';
import { SECTOR_KEYS } from '../../../shared/libraries/sectors.js';
import { templateProblems } from './template-rules.js';
import { SHIPPED_LIBRARY } from './content/index.js';

/** The formula parser (metrics module), when this branch has it; otherwise only key references are checked. */
type Parser = (
  text: string,
  keys: Iterable<string>,
) => { ok: boolean; error?: { message: string } };
const FORMULA_MODULE = '../../../shared/metrics/formula.js';
const parseFormula: Parser | null = await import(/* @vite-ignore */ FORMULA_MODULE).then(
  (m: { parseFormula?: Parser }) => m.parseFormula ?? null,
  () => null,
);

function formulaError(m: MetricTemplate): string | null {
  if (!m.formula) return null;
  const keys = m.dataPoints.map((d) => d.key);
  if (parseFormula) {
    const res = parseFormula(m.formula, keys);
    return res.ok ? null : (res.error?.message ?? 'does not parse');
  }
  const FUNCTIONS = new Set(['sum', 'average', 'ratio', 'percent', 'min', 'max']);
  for (const id of m.formula.match(/[a-z_][a-z0-9_]*/gi) ?? [])
    if (!FUNCTIONS.has(id) && !keys.includes(id)) return `unknown data point "${id}"`;
  return null;
}

const entries = SHIPPED_LIBRARY.map((e) => ({ entry: e, label: `${e.kind} ${e.slug}` }));

describe('the shipped library', () => {
  it('has unique, URL-safe slugs and known sectors', () => {
    const slugs = SHIPPED_LIBRARY.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const e of SHIPPED_LIBRARY) {
      expect(e.slug, e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.slug.length, e.slug).toBeLessThanOrEqual(80);
      expect(SECTOR_KEYS, e.slug).toContain(e.sector);
      expect(e.title.trim().length, e.slug).toBeGreaterThan(0);
      expect(e.summary.trim().length, e.slug).toBeGreaterThan(20);
    }
  });

  it.each(entries)(
    '$label: valid template, link rules, metric definitions, no baselines or targets, formulas parse',
    ({ entry }) => {
      const template: ProblemTemplate | StrategyTemplate =
        entry.kind === 'problem'
          ? problemTemplateSchema.parse(entry.template)
          : strategyTemplateSchema.parse(entry.template);
      expect(templateProblems(template)).toEqual({});
      for (const el of template.elements) {
        for (const m of el.metrics) {
          const where = `${entry.slug} / ${el.ref} / ${m.name}`;
          expect(m.definition?.trim().length ?? 0, `${where}: definition`).toBeGreaterThan(10);
          expect(m.baselineValue ?? null, `${where}: baseline`).toBeNull();
          expect(m.baselineDate ?? null, `${where}: baseline date`).toBeNull();
          expect(m.periodStart ?? null, `${where}: period start`).toBeNull();
          expect(m.periodEnd ?? null, `${where}: period end`).toBeNull();
          expect(m.targets, `${where}: targets`).toEqual([]);
          expect(m.dataPoints.length, `${where}: data points`).toBeGreaterThan(0);
          expect(formulaError(m), `${where}: formula`).toBeNull();
          if (!m.formula)
            expect(m.dataPoints.length, `${where}: several data points need a formula`).toBe(1);
        }
      }
      if (entry.kind === 'problem') {
        const kinds = new Set(template.elements.map((e) => e.kind));
        for (const k of ['activity', 'output', 'outcome', 'impact'] as const)
          expect(kinds.has(k), `${entry.slug} has an ${k}`).toBe(true);
        const measured = template.elements.filter((e) => e.kind !== 'impact');
        expect(
          measured.every((e) => e.metrics.length > 0),
          `${entry.slug}: every activity, output and outcome has a metric`,
        ).toBe(true);
        // every element is connected to the chain
        const linked = new Set(template.links.flatMap((l) => [l.from, l.to]));
        for (const e of template.elements)
          expect(linked.has(e.ref), `${entry.slug}: ${e.ref} is linked`).toBe(true);
      } else {
        expect(
          template.elements.some((e) => e.kind === 'activity'),
          `${entry.slug} has an activity`,
        ).toBe(true);
      }
    },
  );

  // the full library comes from the library-content branch (merged here)
  it('holds at least 12 problems across at least 7 sectors', () => {
    const problems = SHIPPED_LIBRARY.filter((e) => e.kind === 'problem');
    const sectors = new Set(problems.map((e) => e.sector));
    expect.soft(problems.length, 'problems').toBeGreaterThanOrEqual(12);
    expect.soft(sectors.size, 'sectors').toBeGreaterThanOrEqual(7);
  });
});
