import { describe, expect, it } from 'vitest';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
  type ElementTemplate,
  type MetricTemplate,
} from '../../../../shared/toc/template.schemas.js';
import type { ElementKind } from '../../../../shared/toc/vocabulary.js';
import { SECTOR_KEYS } from '../../../../shared/libraries/sectors.js';
import { SHIPPED_LIBRARY as LIBRARY_ENTRIES } from './index.js';

/**
 * The editorial bar for the library that ships with Pathways, on top of the schema and structural
 * rules checked in shipped-library.test.ts: complete chains, a metric on every activity, output and
 * outcome, survey questions behind every outcome data point, formulas over the metric's own keys,
 * standard references in a recognised form, and nothing the user must set (baselines, targets).
 */

const HORIZON_RANK = { short: 0, medium: 1, long: 2 } as const;

function canLink(from: ElementTemplate, to: ElementTemplate): boolean {
  const rules: Record<ElementKind, ElementKind[]> = {
    activity: ['output'],
    output: ['outcome'],
    outcome: ['outcome', 'impact'],
    impact: [],
  };
  if (!rules[from.kind].includes(to.kind)) return false;
  // outcome -> outcome only moves forward in time (or stays on the same horizon)
  if (from.kind === 'outcome' && to.kind === 'outcome')
    return HORIZON_RANK[from.horizon!] <= HORIZON_RANK[to.horizon!];
  return true;
}

function hasCycle(edges: Array<{ from: string; to: string }>): boolean {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 1 | 2>();
  const visit = (n: string): boolean => {
    if (state.get(n) === 1) return true;
    if (state.get(n) === 2) return false;
    state.set(n, 1);
    for (const m of next.get(n) ?? []) if (visit(m)) return true;
    state.set(n, 2);
    return false;
  };
  return [...next.keys()].some(visit);
}

/** identifiers in a formula that are not function calls must be the metric's own data point keys */
function formulaIdentifiers(formula: string): string[] {
  return [...formula.matchAll(/\b([a-z][a-z0-9_]*)\b(?!\s*\()/g)].map((m) => m[1]!);
}

function checkMetric(where: string, m: MetricTemplate) {
  const keys = m.dataPoints.map((d) => d.key);
  expect(new Set(keys).size, `${where}: data point keys unique`).toBe(keys.length);
  expect(keys.length, `${where}: has data points`).toBeGreaterThan(0);
  expect(m.definition?.length ?? 0, `${where}: has a definition`).toBeGreaterThan(40);
  expect(m.unit, `${where}: has a unit`).toBeTruthy();
  expect(m.baselineValue ?? null, `${where}: no baseline`).toBeNull();
  expect(m.baselineDate ?? null, `${where}: no baseline date`).toBeNull();
  expect(m.periodStart ?? null, `${where}: no reporting start`).toBeNull();
  expect(m.periodEnd ?? null, `${where}: no reporting end`).toBeNull();
  expect(m.targets, `${where}: no targets`).toEqual([]);
  const dims = m.disaggregations.map((d) => d.key);
  expect(new Set(dims).size, `${where}: disaggregation keys unique`).toBe(dims.length);
  if (m.formula) {
    for (const id of formulaIdentifiers(m.formula))
      expect(keys, `${where}: formula "${m.formula}" uses "${id}"`).toContain(id);
    if (m.type === 'percentage')
      expect(m.formula, `${where}: percentage formula`).toMatch(/^percent\(/);
    if (m.type === 'ratio') expect(m.formula, `${where}: ratio formula`).toMatch(/^ratio\(/);
  } else expect(keys.length, `${where}: several data points need a formula`).toBe(1);
  if (m.type === 'percentage' || m.type === 'ratio')
    expect(m.formula, `${where}: ${m.type} metrics combine data points`).toBeTruthy();
  if (m.standardRef)
    expect(m.standardRef, `${where}: standard reference`).toMatch(
      /^(SDG \d{1,2}\.(\d{1,2}|[a-c])\.\d[a-z]?|IRIS\+ [A-Z]{2}\d{4})$/,
    );
}

const problems = LIBRARY_ENTRIES.filter((e) => e.kind === 'problem');
const strategies = LIBRARY_ENTRIES.filter((e) => e.kind === 'strategy');

describe('shipped library content', () => {
  it('has enough problems, sectors and strategies, with unique kebab-case slugs', () => {
    expect(problems.length).toBeGreaterThanOrEqual(12);
    expect(new Set(problems.map((p) => p.sector)).size).toBeGreaterThanOrEqual(8);
    expect(strategies.length).toBeGreaterThanOrEqual(8);
    const slugs = LIBRARY_ENTRIES.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const e of LIBRARY_ENTRIES) {
      expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(SECTOR_KEYS).toContain(e.sector);
      expect(e.summary.length, e.slug).toBeGreaterThan(60);
      expect(e.summary.length, `${e.slug}: a card shows about three lines`).toBeLessThanOrEqual(
        300,
      );
    }
  });

  describe.each(LIBRARY_ENTRIES.map((e) => [e.slug, e] as const))('%s', (slug, entry) => {
    const parsed =
      entry.kind === 'problem'
        ? problemTemplateSchema.parse(entry.template)
        : strategyTemplateSchema.parse(entry.template);
    const byRef = new Map(parsed.elements.map((e) => [e.ref, e]));

    it('parses, with unique refs and valid, acyclic links', () => {
      expect(byRef.size).toBe(parsed.elements.length);
      const seen = new Set<string>();
      for (const l of parsed.links) {
        const from = byRef.get(l.from);
        const to = byRef.get(l.to);
        expect(from, `${slug}: link from ${l.from}`).toBeDefined();
        expect(to, `${slug}: link to ${l.to}`).toBeDefined();
        expect(
          canLink(from!, to!),
          `${slug}: ${l.from} (${from!.kind}) -> ${l.to} (${to!.kind})`,
        ).toBe(true);
        expect(seen.has(`${l.from}>${l.to}`), `${slug}: duplicate link ${l.from}>${l.to}`).toBe(
          false,
        );
        seen.add(`${l.from}>${l.to}`);
      }
      expect(hasCycle(parsed.links)).toBe(false);
      for (const e of parsed.elements) {
        if (e.kind === 'outcome') expect(e.horizon, `${slug}: ${e.ref} horizon`).toBeTruthy();
        else expect(e.horizon ?? null, `${slug}: ${e.ref} has no horizon`).toBeNull();
      }
    });

    it('has sound metrics: definitions, units, unique keys, formulas on own keys, no baselines or targets', () => {
      for (const e of parsed.elements)
        e.metrics.forEach((m, i) => checkMetric(`${slug} ${e.ref} metric ${i}`, m));
    });

    it('is a complete chain: every activity feeds an output, every output an outcome, every outcome leads on', () => {
      const outs = (ref: string) => parsed.links.filter((l) => l.from === ref);
      const ins = (ref: string) => parsed.links.filter((l) => l.to === ref);
      for (const e of parsed.elements) {
        if (e.kind === 'activity')
          expect(outs(e.ref).length, `${slug}: ${e.ref} feeds an output`).toBeGreaterThan(0);
        if (e.kind === 'output')
          expect(ins(e.ref).length, `${slug}: ${e.ref} has an activity`).toBeGreaterThan(0);
        if (entry.kind === 'problem' && e.kind !== 'impact')
          expect(outs(e.ref).length, `${slug}: ${e.ref} leads on`).toBeGreaterThan(0);
        if (e.kind !== 'impact')
          expect(e.metrics.length, `${slug}: ${e.ref} has metrics`).toBeGreaterThan(0);
        expect(e.metrics.length, `${slug}: ${e.ref} at most 2 metrics`).toBeLessThanOrEqual(2);
      }
    });

    if (entry.kind === 'problem') {
      it('has a full theory of change: 3–5 activities, 3–5 outputs, 2–4 outcomes, one impact, survey questions on outcomes', () => {
        const count = (k: ElementKind) => parsed.elements.filter((e) => e.kind === k).length;
        expect(count('activity')).toBeGreaterThanOrEqual(3);
        expect(count('activity')).toBeLessThanOrEqual(5);
        expect(count('output')).toBeGreaterThanOrEqual(3);
        expect(count('output')).toBeLessThanOrEqual(5);
        expect(count('outcome')).toBeGreaterThanOrEqual(2);
        expect(count('outcome')).toBeLessThanOrEqual(4);
        expect(count('impact')).toBe(1);
        expect(
          new Set(parsed.elements.filter((e) => e.kind === 'outcome').map((e) => e.horizon)).size,
        ).toBeGreaterThanOrEqual(2);
        for (const e of parsed.elements.filter((x) => x.kind === 'outcome'))
          for (const m of e.metrics)
            for (const d of m.dataPoints)
              expect(
                d.questions.length,
                `${slug}: ${e.ref} ${d.key} has survey questions`,
              ).toBeGreaterThan(0);
        expect(
          parsed.elements.some((e) => e.assumptions) || parsed.links.some((l) => l.assumptions),
          `${slug}: states assumptions`,
        ).toBe(true);
        expect(
          parsed.elements.some((e) => e.risks),
          `${slug}: states risks`,
        ).toBe(true);
        const p = problemTemplateSchema.parse(entry.template).problem;
        expect(p.statement?.length ?? 0).toBeGreaterThan(100);
        expect(p.rootCauses).toBeTruthy();
        expect(p.populationWho).toBeTruthy();
        expect(p.populationCount ?? null).toBeNull();
        expect(p.geography).toBeTruthy();
        expect(p.evidence).toBeTruthy();
        expect(p.title).toBe(entry.title);
      });
    } else {
      it('bundles activities and outputs with metrics', () => {
        expect(parsed.elements.some((e) => e.kind === 'activity')).toBe(true);
        expect(parsed.elements.some((e) => e.kind === 'output')).toBe(true);
      });
    }

    it('has choices on choice questions only', () => {
      for (const e of parsed.elements)
        for (const m of e.metrics)
          for (const d of m.dataPoints)
            for (const qu of d.questions) {
              const choice =
                qu.answerType === 'single_choice' || qu.answerType === 'multiple_choice';
              expect(qu.choices.length > 1, `${slug} ${d.key}: "${qu.text}"`).toBe(choice);
            }
    });
  });
});
