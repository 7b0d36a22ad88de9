import { z } from 'zod';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formQuestions, formResponses, forms } from '../forms/read-model.js';
import { contentWords } from './words.js';
import {
  MAX_ROWS,
  OPEN_TYPES,
  cite,
  inProject,
  type ToolEnv,
  type ToolResult,
} from './tool-support.js';
import { agree, plural } from '../../../shared/format/plural.js';

/**
 * Full-text search over the open answers of the team's forms (PostgreSQL's to_tsvector /
 * websearch_to_tsquery, the same on PGlite), quoting each match with ts_headline.
 */

const GROUPS: Record<string, string[]> = {
  female: ['female', 'girl', 'girls', 'woman', 'women', 'f'],
  male: ['male', 'boy', 'boys', 'man', 'men', 'm'],
};
export const searchAnswersArgs = z.object({
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
    .innerJoin(
      forms,
      and(
        eq(forms.id, formResponses.formId),
        eq(forms.teamId, env.teamId),
        inProject(env, forms.projectId),
      ),
    )
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

export const searchAnswers = async (env: ToolEnv, raw: unknown): Promise<ToolResult> => {
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
      `${plural(rows.length, 'open answer')}${who} ${agree(rows.length, 'mentions', 'mention')}${loose ? ' some of the words of' : ''} “${asked}”:\n` +
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
