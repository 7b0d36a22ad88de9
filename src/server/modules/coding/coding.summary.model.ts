import { z } from 'zod';
import type { RunRefusal } from '../../../shared/coding/coding.pages.js';
import type {
  ColumnSummary,
  SummaryMerge,
  SummaryQuote,
  SummaryStatement,
} from '../../../shared/coding/kinds.js';
import {
  askModel,
  batchRefusal,
  maskedAnswers,
  ModelRequestFailed,
  quoteSpan,
  readReply,
  spanOf,
  type ModelCoder,
} from './coding.model.base.js';
import type { CodingItem } from './coding.model.js';
import { waveGroups } from './coding.summary.js';

/**
 * A summary column's summary by the configured model: the answers (personal data masked) go in
 * batches, each numbered; the model replies a JSON object of short statements, each citing words
 * copied from the answers it summarises with their numbers. A statement is kept only when every
 * quote it cites is a verbatim span of the answer it names (the coding rule); otherwise it is
 * refused and recorded on the run, never shown: a quote not in that answer, an answer number it
 * was not given, no quote at all. A reply that is not JSON (or not the shape) refuses the batch.
 *
 * When the form has waves, batches never mix waves and each wave gets its own part (in the form's
 * order). Statements of several batches (or, for the whole summary, of several waves) are merged
 * by more requests, counted like the others, at most MERGE_FAN_IN parts per request and in rounds
 * when there are more: the model is given the statements with their quotes numbered, and a merged
 * statement is kept only when each quote it cites is one of those (or a verbatim part of one). When the merge request fails, is refused, or keeps no statement, the statements stay
 * listed one after another and the summary says why.
 */
const SUMMARY_BATCH = 40;
const STATEMENTS_PER_BATCH = 5;
const MAX_QUOTES = 3;

const SYSTEM = `You summarise open answers of a monitoring and evaluation survey. Write a short summary: at most ${STATEMENTS_PER_BATCH} statements, each one sentence saying what several answers say (most common points first). Every statement must cite 1 to ${MAX_QUOTES} quotes that support it, each with the id of its answer and words copied exactly from that answer. Reply with a JSON object and nothing else: {"statements": [{"statement": "<one sentence>", "quotes": [{"id": <id of the answer>, "quote": "<words copied exactly from that answer>"}]}]}. Placeholders such as [name 1] or [phone 1] stand for personal data: keep them as they are.`;

const MERGE_SYSTEM = `You merge the statements of a survey summary written in parts into one short summary: at most ${STATEMENTS_PER_BATCH} statements, each one sentence, combining statements that say the same thing (most common points first). Every statement must cite 1 to ${MAX_QUOTES} of the quotes given with the statements it merges, each with the id of that quote and words copied exactly from it. Cite no other quote. Reply with a JSON object and nothing else: {"statements": [{"statement": "<one sentence>", "quotes": [{"id": <id of the quote>, "quote": "<words copied exactly from that quote>"}]}]}. Placeholders such as [name 1] or [phone 1] stand for personal data: keep them as they are.`;

const outputSchema = z.object({
  statements: z
    .array(
      z.object({
        statement: z.string().trim().min(1).max(1000),
        quotes: z
          .array(z.object({ id: z.number().int(), quote: z.string().trim().min(1).max(500) }))
          .max(20),
      }),
    )
    .max(50),
});
type Reply = z.infer<typeof outputSchema>;

export interface SummaryItem extends CodingItem {
  wave: string | null;
}

type Refuse = (refusal: RunRefusal) => void;
type Cited = { responseId: string; seq: number };

/**
 * A reply's statements kept when each quote resolves (`resolve` gives the quote's place, or
 * refuses why); the others refused with `left` naming what was left out.
 */
function keptStatements(
  coder: ModelCoder,
  reply: Reply,
  resolve: (
    id: number,
    quote: string,
  ) => { quote: SummaryQuote } | { why: string; at: Cited | null },
  refuse: Refuse,
  left: string,
): SummaryStatement[] {
  const kept: SummaryStatement[] = [];
  for (const s of reply.statements.slice(0, STATEMENTS_PER_BATCH)) {
    const statement = coder.masker.unmask(s.statement);
    const refuseWith = (at: Cited | null, quote: string | null, why: string) =>
      refuse({
        responseId: at?.responseId ?? null,
        seq: at?.seq ?? null,
        code: null,
        quote,
        reason: `${why} ${left} “${statement.slice(0, 200)}” was left out.`,
      });
    if (s.quotes.length === 0) {
      refuseWith(null, null, 'The statement cites no quote.');
      continue;
    }
    const quotes: SummaryQuote[] = [];
    let refused = false;
    for (const q of s.quotes.slice(0, MAX_QUOTES)) {
      const quote = coder.masker.unmask(q.quote);
      const found = resolve(q.id, quote);
      if ('why' in found) {
        refuseWith(found.at, quote, found.why);
        refused = true;
        break;
      }
      quotes.push(found.quote);
    }
    if (!refused) kept.push({ text: statement, quotes });
  }
  return kept;
}

/** One batch's statements (answers numbered from 1), or none when its reply was refused. */
async function summariseBatch(
  coder: ModelCoder,
  batch: SummaryItem[],
  refuse: Refuse,
): Promise<SummaryStatement[]> {
  const user = JSON.stringify({ answers: maskedAnswers(coder, batch) });
  const text = await askModel(coder, SYSTEM, user, 'The model could not summarise');
  const data = readReply(
    text,
    outputSchema,
    (reason) => refuse(batchRefusal(batch, reason, 'are not in the summary')),
    'statements with quotes',
  );
  if (!data) return [];
  return keptStatements(
    coder,
    data,
    (id, quote) => {
      const item = batch[id - 1];
      if (!item)
        return { why: `The quote cites answer ${id}, which the model was not given.`, at: null };
      const span = quoteSpan(item.answers, quote);
      if (!span)
        return {
          why: 'The quote is not in the answer it cites.',
          at: item,
        };
      return { quote: { responseId: item.responseId, seq: item.seq, ...span } };
    },
    refuse,
    'The statement',
  );
}

/** at most this many parts' statements go into one merge request (larger columns merge in rounds) */
const MERGE_FAN_IN = 8;

/**
 * One merge request over some statements: the merged statements (each citing only quotes among
 * theirs), or why they could not be merged (the request failed, was refused, kept no statement).
 */
async function mergeOnce(
  coder: ModelCoder,
  listed: SummaryStatement[],
  prefix: string,
  refuse: Refuse,
): Promise<{ statements: SummaryStatement[] } | { reason: string }> {
  const inputs: SummaryQuote[] = [];
  const user = JSON.stringify({
    statements: listed.map((s) => ({
      statement: coder.masker.mask(s.text),
      quotes: s.quotes.map((q) => ({ id: inputs.push(q), quote: coder.masker.mask(q.text) })),
    })),
  });
  let text: string;
  try {
    text = await askModel(coder, MERGE_SYSTEM, user, 'The model could not merge the summary');
  } catch (err) {
    if (err instanceof ModelRequestFailed) return { reason: err.message };
    throw err;
  }
  const refuseMerge: Refuse = (r) => refuse({ ...r, merge: true });
  const whole: string[] = [];
  const data = readReply(
    text,
    outputSchema,
    (why) => {
      whole.push(why);
      refuseMerge({
        responseId: null,
        seq: null,
        code: null,
        quote: null,
        reason: `${prefix} ${why} Its ${listed.length} statements are listed, not merged.`,
      });
    },
    'statements with quotes',
  );
  if (!data) return { reason: whole[0] ?? 'The merge was refused.' };
  const merged = keptStatements(
    coder,
    data,
    (id, quote) => {
      const input = inputs[id - 1];
      if (!input)
        return {
          why: `${prefix} the quote cites quote ${id}, which is not among the statements merged.`,
          at: null,
        };
      const at = spanOf(input.text, quote);
      if (!at)
        return {
          why: `${prefix} the quote is not in quote ${id} it cites.`,
          at: input,
        };
      return {
        quote: {
          ...input,
          start: input.start + at.start,
          end: input.start + at.end,
          text: input.text.slice(at.start, at.end),
        },
      };
    },
    refuseMerge,
    'The merged statement',
  );
  if (merged.length === 0)
    return { reason: 'No merged statement passed the check (see the refusals).' };
  return { statements: merged };
}

/**
 * The statements of several parts (batches, or waves) as one summary, merged in rounds: each
 * merge request takes at most `fanIn` parts, and the merges of one round are the parts of the
 * next until one remains (so a very large column never sends one request over all its batches).
 * A merged statement cites only quotes among its inputs', so, round after round, only quotes of
 * the answers. When any merge request fails, is refused or keeps no statement, no further request
 * is sent and the parts' statements are listed one part after another (`merge` says why).
 * One part, or fewer than two statements, is left as it is.
 */
async function combine(
  coder: ModelCoder,
  parts: SummaryStatement[][],
  of: SummaryMerge['of'],
  what: string,
  refuse: Refuse,
  fanIn: number,
): Promise<{ statements: SummaryStatement[]; merge?: SummaryMerge }> {
  const listed = parts.flat();
  if (parts.length < 2 || listed.length < 2) return { statements: listed };
  const size = Math.max(2, Math.floor(fanIn));
  let current = parts.filter((p) => p.length > 0);
  let rounds = 0;
  while (current.length > 1) {
    rounds += 1;
    const next: SummaryStatement[][] = [];
    const groups = Math.ceil(current.length / size);
    for (let g = 0; g < groups; g++) {
      const group = current.slice(g * size, (g + 1) * size);
      if (group.length === 1) {
        next.push(group[0]);
        continue;
      }
      const where = rounds === 1 && groups === 1 ? '' : ` (round ${rounds}, part ${g + 1})`;
      const done = await mergeOnce(
        coder,
        group.flat(),
        `Merging the summary of ${what}${where}:`,
        refuse,
      );
      if ('reason' in done)
        return {
          statements: listed,
          merge: { parts: parts.length, of, merged: false, reason: done.reason },
        };
      next.push(done.statements);
    }
    current = next;
  }
  // every part but one was empty: nothing to merge
  if (rounds === 0) return { statements: listed };
  return {
    statements: current[0],
    merge: { parts: parts.length, of, merged: true, ...(rounds > 1 ? { rounds } : {}) },
  };
}

/**
 * `waves`: the form's waves in its order (parts per wave follow it); `fanIn`: at most this many
 * parts per merge request (tests make it small).
 */
export async function summariseWithModel(
  coder: ModelCoder,
  items: SummaryItem[],
  progress: (done: number) => Promise<void>,
  opts: { waves: readonly string[]; fanIn?: number },
): Promise<{ summary: ColumnSummary; refusals: RunRefusal[] }> {
  const refusals: RunRefusal[] = [];
  const refuse: Refuse = (r) => void refusals.push(r);
  const fanIn = opts.fanIn ?? MERGE_FAN_IN;
  const waves = waveGroups(items, opts.waves);
  const groups = waves.length > 0 ? waves : [{ wave: null, items }];
  let sent = 0;
  const batched: Array<{ wave: string | null; responses: number; batches: SummaryStatement[][] }> =
    [];
  for (const group of groups) {
    const batches: SummaryStatement[][] = [];
    for (let i = 0; i < group.items.length; i += SUMMARY_BATCH) {
      const batch = group.items.slice(i, i + SUMMARY_BATCH);
      batches.push(await summariseBatch(coder, batch, refuse));
      sent += batch.length;
      await progress(sent);
    }
    batched.push({ wave: group.wave, responses: group.items.length, batches });
  }
  const byWave: ColumnSummary['byWave'] = [];
  for (const part of batched)
    if (part.wave !== null)
      byWave.push({
        wave: part.wave,
        responses: part.responses,
        sentences: [],
        ...(await combine(coder, part.batches, 'batches', `wave ${part.wave}`, refuse, fanIn)),
      });
  const overall =
    waves.length === 0
      ? await combine(coder, batched[0].batches, 'batches', 'all answers', refuse, fanIn)
      : byWave.length === 1
        ? { statements: byWave[0].statements ?? [], merge: byWave[0].merge }
        : await combine(
            coder,
            byWave.map((w) => w.statements ?? []),
            'waves',
            'all answers',
            refuse,
            fanIn,
          );
  return {
    summary: {
      engine: 'model',
      model: coder.config.model,
      sentences: 0,
      overall: [],
      byWave,
      statements: overall.statements,
      ...(overall.merge ? { merge: overall.merge } : {}),
    },
    refusals,
  };
}
