import { z } from 'zod';
import { and, asc, count, eq, ilike, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { problems, tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { metricSeries } from '../metrics/index.js';
import { formQuestions, formResponses, forms } from '../forms/read-model.js';
import { periodStatuses, STATUS_LABELS } from '../../../shared/insights/status.js';
import type { Citation } from '../../../shared/assistant/assistant.js';
import { bestMatches, contentWords } from './words.js';

/**
 * The fixed set of server functions Chanakya answers with. Each reads only the asking team's
 * records (every query filters on its team id; metric figures come from the metrics module's
 * `metricSeries`, the same one the metric and insights pages use) and returns a plain-text
 * answer, the records it used (citations) and the data behind it (what a model sees). Nothing
 * here runs SQL a user or a model wrote: their words only ever become bound parameters.
 */
export interface ToolEnv {
  ctx: Pick<AppContext, 'db' | 'routes'>;
  teamId: string;
}
export interface ToolResult {
  text: string;
  citations: Citation[];
  data: unknown;
}

const MAX_ROWS = 10;
const OPEN_TYPES = ['short_text', 'long_text'] as const;

function cite(env: ToolEnv, kind: Citation['kind'], id: string, label: string, quote?: string) {
  const href =
    kind === 'problem'
      ? env.ctx.routes.url('problems.show', { problem: id })
      : kind === 'element'
        ? env.ctx.routes.url('elements.show', { element: id })
        : kind === 'metric'
          ? env.ctx.routes.url('metrics.show', { metric: id })
          : env.ctx.routes.url('responses.index', { form: id });
  return { kind, id, label, href, ...(quote ? { quote } : {}) } satisfies Citation;
}

/** Several ILIKE filters, one per word (bound parameters; % and _ escaped). */
const likeAny = (col: Parameters<typeof ilike>[0], words: readonly string[]) =>
  or(...words.map((w) => ilike(col, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));

// --- outcomes without a metric ------------------------------------------------------------------

const outcomesWithoutMetric = async (env: ToolEnv): Promise<ToolResult> => {
  const rows = await env.ctx.db
    .select({ id: tocElements.id, title: tocElements.title, problem: problems.title })
    .from(tocElements)
    .innerJoin(problems, eq(problems.id, tocElements.problemId))
    .where(
      and(
        eq(tocElements.teamId, env.teamId),
        eq(problems.teamId, env.teamId),
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
      text: 'Every outcome of your team has at least one metric.',
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

const metricStatusArgs = z.object({
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

const metricStatus = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = metricStatusArgs.parse(raw);
  const words = contentWords(args.metric);
  const candidates = words.length
    ? await env.ctx.db
        .select({ id: metrics.id, name: metrics.name })
        .from(metrics)
        .where(and(eq(metrics.teamId, env.teamId), likeAny(metrics.name, words)))
        .orderBy(asc(metrics.name))
        .limit(200)
    : [];
  const [best] = bestMatches(words, candidates, (m) => m.name);
  if (!best)
    return {
      text: `I found no metric of your team named like “${args.metric}”. Ask “list metrics about …” to see their names.`,
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

const findRecordsArgs = z.object({
  kind: z.enum(['problems', 'metrics', 'forms']),
  words: z.string().trim().max(200).default(''),
});

const findRecords = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
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
        and(eq(forms.teamId, env.teamId), words.length ? likeAny(forms.name, words) : undefined),
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

const responseCountsArgs = z.object({ form: z.string().trim().max(200).default('') });

const responseCounts = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = responseCountsArgs.parse(raw);
  const words = contentWords(args.form);
  const teamForms = await env.ctx.db
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(eq(forms.teamId, env.teamId))
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
    return `${i + 1}. ${f.name} [${i + 1}]: ${total} response${total === 1 ? '' : 's'}${waves.length ? ` (${waves.join(', ')})` : ''}`;
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

// --- full-text search over open answers -------------------------------------------------------

const GROUPS: Record<string, string[]> = {
  female: ['female', 'girl', 'girls', 'woman', 'women', 'f'],
  male: ['male', 'boy', 'boys', 'man', 'men', 'm'],
};
const searchAnswersArgs = z.object({
  query: z.string().trim().min(1).max(200),
  group: z.enum(['female', 'male']).optional(),
});

async function searchWith(env: ToolEnv, tsquery: string, group: string[] | null) {
  const q = sql`websearch_to_tsquery('english', ${tsquery})`;
  const value = sql<string>`(${formResponses.answers} ->> ${formQuestions.key})`;
  const doc = sql`to_tsvector('english', ${value})`;
  return env.ctx.db
    .select({
      responseId: formResponses.id,
      seq: formResponses.seq,
      wave: formResponses.wave,
      formId: forms.id,
      formName: forms.name,
      question: formQuestions.label,
      quote: sql<string>`ts_headline('english', ${value}, ${q}, 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=1')`,
      rank: sql<number>`ts_rank(${doc}, ${q})`,
    })
    .from(formResponses)
    .innerJoin(forms, and(eq(forms.id, formResponses.formId), eq(forms.teamId, env.teamId)))
    .innerJoin(
      formQuestions,
      and(eq(formQuestions.formId, forms.id), inArray(formQuestions.type, [...OPEN_TYPES])),
    )
    .where(
      and(
        eq(formResponses.teamId, env.teamId),
        isNull(formResponses.deletedAt),
        sql`${doc} @@ ${q}`,
        group
          ? sql`exists (select 1 from jsonb_each_text(${formResponses.answers}) e where lower(e.value) in (${sql.join(
              group.map((g) => sql`${g}`),
              sql`, `,
            )}))`
          : undefined,
      ),
    )
    .orderBy(sql`ts_rank(${doc}, ${q}) desc`, asc(formResponses.seq))
    .limit(MAX_ROWS);
}

const searchAnswers = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
  const args = searchAnswersArgs.parse(raw);
  const words = contentWords(args.query);
  if (!words.length)
    return {
      text: 'Tell me what to look for in the answers.',
      citations: [],
      data: { quotes: [] },
    };
  const group = args.group ? GROUPS[args.group] : null;
  const asked = args.query.replace(/[?.!]+$/, '');
  // every word first; if no answer holds them all, any of them
  let rows = await searchWith(env, words.join(' '), group);
  let loose = false;
  if (!rows.length && words.length > 1) {
    rows = await searchWith(env, words.join(' or '), group);
    loose = true;
  }
  const who = args.group ? ` from ${args.group} respondents` : '';
  if (!rows.length)
    return {
      text: `No open answer${who} in your team's forms mentions “${asked}”.`,
      citations: [],
      data: { quotes: [] },
    };
  const clean = (q: string) => q.replace(/\s+/g, ' ').trim();
  const lines = rows.map(
    (r, i) =>
      `${i + 1}. “${clean(r.quote)}” (${r.formName}, response #${r.seq}${r.wave ? `, ${r.wave}` : ''}, “${r.question}”) [${i + 1}]`,
  );
  return {
    text:
      `${rows.length} open answer${rows.length === 1 ? '' : 's'}${who} ${loose ? `mention${rows.length === 1 ? 's' : ''} some of the words of` : `mention${rows.length === 1 ? 's' : ''}`} “${asked}”:\n` +
      lines.join('\n'),
    citations: rows.map((r) =>
      cite(env, 'response', r.formId, `${r.formName} #${r.seq}`, clean(r.quote)),
    ),
    data: {
      quotes: rows.map((r) => ({
        form: r.formName,
        response: r.seq,
        wave: r.wave,
        question: r.question,
        quote: clean(r.quote),
      })),
    },
  };
};

// --- the catalogue ------------------------------------------------------------------------------

export const TOOLS = {
  outcomes_without_metric: {
    description: "The team's theory-of-change outcomes that have no metric yet.",
    args: z.object({}),
    run: (env: ToolEnv) => outcomesWithoutMetric(env),
  },
  metric_status: {
    description:
      "A metric's actual, target, baseline and status (on track, at risk, off track, no data) in a period (e.g. Q2, 2026-Q2); the latest period with data when none is given.",
    args: metricStatusArgs,
    run: metricStatus,
  },
  find_records: {
    description: "The team's problems, metrics or forms whose names match some words.",
    args: findRecordsArgs,
    run: findRecords,
  },
  response_counts: {
    description:
      'Responses received per form and wave (optionally for forms named like some words).',
    args: responseCountsArgs,
    run: responseCounts,
  },
  search_answers: {
    description:
      "Full-text search over the open (text) answers of the team's forms, returning quotes; optionally only respondents of one sex.",
    args: searchAnswersArgs,
    run: searchAnswers,
  },
} as const;
export type ToolName = keyof typeof TOOLS;
export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

/** Runs one tool with arguments validated by its schema (a ZodError when they do not fit). */
export async function runTool(env: ToolEnv, name: ToolName, args: unknown): Promise<ToolResult> {
  const tool = TOOLS[name];
  const parsed = tool.args.parse(args ?? {});
  return tool.run(env, parsed);
}
