import { z } from 'zod';
import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { problems, tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { metricSeries } from '../metrics/index.js';
import { formResponses, forms } from '../forms/read-model.js';
import { periodStatuses, STATUS_LABELS } from '../../../shared/insights/status.js';
import type { Citation } from '../../../shared/assistant/assistant.js';
import { bestMatches, contentWords } from './words.js';
import {
  MAX_ROWS,
  cite,
  inProblem,
  inProject,
  likeAny,
  type ToolEnv,
  type ToolResult,
} from './tool-support.js';
import { plural } from '../../../shared/format/plural.js';

/** The tools over records: outcomes without a metric, a metric's status, names, response counts. */
// --- outcomes without a metric ------------------------------------------------------------------

export const outcomesWithoutMetric = async (env: ToolEnv): Promise<ToolResult> => {
  const rows = await env.ctx.db
    .select({ id: tocElements.id, title: tocElements.title, problem: problems.title })
    .from(tocElements)
    .innerJoin(problems, eq(problems.id, tocElements.problemId))
    .where(
      and(
        eq(tocElements.teamId, env.teamId),
        eq(problems.teamId, env.teamId),
        inProblem(env, problems.id),
        eq(tocElements.kind, 'outcome'),
        notExists(
          env.ctx.db
            .select({ one: sql`1` })
            .from(metrics)
            .where(and(eq(metrics.elementId, tocElements.id), eq(metrics.teamId, env.teamId))),
        ),
      ),
    )
    .orderBy(asc(problems.title), asc(tocElements.title));
  if (!rows.length)
    return {
      text: env.scope
        ? 'Every outcome of this problem has at least one metric.'
        : 'Every outcome of your team has at least one metric.',
      citations: [],
      data: { outcomes: [] },
    };
  const shown = rows.slice(0, MAX_ROWS * 2);
  const lines = shown.map((r, i) => `${i + 1}. ${r.title} (problem: ${r.problem}) [${i + 1}]`);
  return {
    text:
      `${rows.length} outcome${rows.length === 1 ? ' has' : 's have'} no metric:\n` +
      lines.join('\n') +
      (rows.length > shown.length ? `\n…and ${rows.length - shown.length} more.` : ''),
    citations: shown.map((r) => cite(env, 'element', r.id, r.title)),
    data: { outcomes: shown.map((r) => ({ title: r.title, problem: r.problem })) },
  };
};

// --- a metric's status against target ------------------------------------------------------------

export const metricStatusArgs = z.object({
  metric: z.string().trim().min(1).max(200),
  period: z.string().trim().max(40).optional(),
});

/** "Q2", "q2 2026", "2026-Q2", "March 2026", "2026": the period whose key or label holds it. */
function periodMatches(key: string, label: string, asked: string) {
  const a = asked.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!a) return false;
  const k = key.toLowerCase();
  const l = label.toLowerCase();
  if (k === a || l === a || l.includes(a)) return true;
  const parts = a.split(/[\s-]+/);
  return parts.every((p) => k.includes(p) || l.includes(p));
}

export const metricStatus = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = metricStatusArgs.parse(raw);
  const words = contentWords(args.metric);
  const candidates = words.length
    ? await env.ctx.db
        .select({ id: metrics.id, name: metrics.name })
        .from(metrics)
        .where(
          and(
            eq(metrics.teamId, env.teamId),
            inProblem(env, metrics.problemId),
            likeAny(metrics.name, words),
          ),
        )
        .orderBy(asc(metrics.name))
        .limit(200)
    : [];
  const [best] = bestMatches(words, candidates, (m) => m.name);
  if (!best)
    return {
      text: `I found no metric ${env.scope ? 'of this problem' : 'of your team'} named like “${args.metric}”. Ask “list metrics about …” to see their names.`,
      citations: [],
      data: { found: false },
    };
  const s = await metricSeries(env.ctx, env.teamId, best.id);
  const statuses = periodStatuses(s.metric, s.points);
  let index = -1;
  if (args.period) {
    index = s.points.findIndex((p) => periodMatches(p.period, p.label, args.period!));
    if (index < 0) {
      return {
        text: `“${s.metric.name}” [1] has no period matching “${args.period}”. Its periods: ${s.points.map((p) => p.label).join(', ') || 'none yet'}.`,
        citations: [cite(env, 'metric', s.metric.id, s.metric.name)],
        data: { metric: s.metric.name, periods: s.points.map((p) => p.label) },
      };
    }
  } else {
    for (let i = s.points.length - 1; i >= 0; i--)
      if (s.points[i].actual !== null) {
        index = i;
        break;
      }
  }
  const citations = [cite(env, 'metric', s.metric.id, s.metric.name)];
  if (index < 0)
    return {
      text: `“${s.metric.name}” [1] has no actual value yet, so there is no status to give.`,
      citations,
      data: { metric: s.metric.name, status: 'no-data' },
    };
  const p = s.points[index];
  const st = statuses[index];
  const fmt = (v: number | null) => (v === null ? 'none' : String(Math.round(v * 100) / 100));
  const unit = s.metric.unit ? ` ${s.metric.unit}` : '';
  const text =
    `“${s.metric.name}” [1] in ${p.label}: ${STATUS_LABELS[st.status]}. ` +
    `Actual ${fmt(p.actual)}${unit}, target ${fmt(p.target)}${unit}` +
    (p.target === null && st.expected !== null ? ` (expected ${fmt(st.expected)}${unit})` : '') +
    `, baseline ${fmt(s.metric.baselineValue)}${unit}. ${st.reason}.`;
  return {
    text,
    citations,
    data: {
      metric: s.metric.name,
      period: p.label,
      actual: p.actual,
      target: p.target,
      expected: st.expected,
      baseline: s.metric.baselineValue,
      status: st.status,
      reason: st.reason,
    },
  };
};

// --- records matching words ------------------------------------------------------------------

export const findRecordsArgs = z.object({
  kind: z.enum(['problems', 'metrics', 'forms']),
  words: z.string().trim().max(200).default(''),
});

export const findRecords = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = findRecordsArgs.parse(raw);
  const words = contentWords(args.words);
  const db = env.ctx.db;
  type Row = { id: string; name: string };
  let rows: Row[];
  let kind: Citation['kind'];
  if (args.kind === 'problems') {
    kind = 'problem';
    rows = await db
      .select({ id: problems.id, name: problems.title })
      .from(problems)
      .where(
        and(
          eq(problems.teamId, env.teamId),
          inProblem(env, problems.id),
          words.length ? likeAny(problems.title, words) : undefined,
        ),
      )
      .orderBy(asc(problems.title))
      .limit(200);
  } else if (args.kind === 'metrics') {
    kind = 'metric';
    rows = await db
      .select({ id: metrics.id, name: metrics.name })
      .from(metrics)
      .where(
        and(
          eq(metrics.teamId, env.teamId),
          inProblem(env, metrics.problemId),
          words.length ? likeAny(metrics.name, words) : undefined,
        ),
      )
      .orderBy(asc(metrics.name))
      .limit(200);
  } else {
    kind = 'form';
    rows = await db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(
        and(
          eq(forms.teamId, env.teamId),
          inProject(env, forms.projectId),
          words.length ? likeAny(forms.name, words) : undefined,
        ),
      )
      .orderBy(asc(forms.name))
      .limit(200);
  }
  const ranked = (words.length ? bestMatches(words, rows, (r) => r.name) : rows).slice(0, MAX_ROWS);
  const about = words.length ? ` matching “${words.join(' ')}”` : '';
  if (!ranked.length)
    return { text: `Your team has no ${args.kind}${about}.`, citations: [], data: { rows: [] } };
  return {
    text:
      `${ranked.length} ${args.kind}${about}${rows.length > ranked.length ? ' (the best matches)' : ''}:\n` +
      ranked.map((r, i) => `${i + 1}. ${r.name} [${i + 1}]`).join('\n'),
    citations: ranked.map((r) => cite(env, kind, r.id, r.name)),
    data: { rows: ranked.map((r) => r.name) },
  };
};

// --- response counts per form and wave --------------------------------------------------------

export const responseCountsArgs = z.object({ form: z.string().trim().max(200).default('') });

export const responseCounts = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = responseCountsArgs.parse(raw);
  const words = contentWords(args.form);
  const teamForms = await env.ctx.db
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(and(eq(forms.teamId, env.teamId), inProject(env, forms.projectId)))
    .orderBy(asc(forms.name));
  const chosen = (words.length ? bestMatches(words, teamForms, (f) => f.name) : teamForms).slice(
    0,
    MAX_ROWS,
  );
  if (!chosen.length)
    return {
      text: words.length
        ? `Your team has no form named like “${args.form}”.`
        : 'Your team has no forms yet.',
      citations: [],
      data: { forms: [] },
    };
  const counts = await env.ctx.db
    .select({ formId: formResponses.formId, wave: formResponses.wave, n: count() })
    .from(formResponses)
    .where(
      and(
        eq(formResponses.teamId, env.teamId),
        inArray(
          formResponses.formId,
          chosen.map((f) => f.id),
        ),
        isNull(formResponses.deletedAt),
      ),
    )
    .groupBy(formResponses.formId, formResponses.wave)
    .orderBy(asc(formResponses.wave));
  const lines = chosen.map((f, i) => {
    const mine = counts.filter((c) => c.formId === f.id);
    const total = mine.reduce((a, c) => a + Number(c.n), 0);
    const waves = mine.filter((c) => c.wave).map((c) => `${c.wave}: ${c.n}`);
    const noWave = mine.find((c) => !c.wave);
    if (waves.length && noWave) waves.push(`no wave: ${noWave.n}`);
    return `${i + 1}. ${f.name} [${i + 1}]: ${plural(total, 'response')}${waves.length ? ` (${waves.join(', ')})` : ''}`;
  });
  return {
    text: `Responses received (deleted ones not counted):\n${lines.join('\n')}`,
    citations: chosen.map((f) => cite(env, 'form', f.id, f.name)),
    data: {
      forms: chosen.map((f) => ({
        form: f.name,
        byWave: counts
          .filter((c) => c.formId === f.id)
          .map((c) => ({ wave: c.wave, responses: Number(c.n) })),
      })),
    },
  };
};
