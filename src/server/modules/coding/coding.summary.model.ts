import { z } from 'zod';
import type { RunRefusal } from '../../../shared/coding/coding.pages.js';
import type {
  ColumnSummary,
  SummaryQuote,
  SummaryStatement,
} from '../../../shared/coding/kinds.js';
import {
  askModel,
  batchRefusal,
  maskedAnswers,
  quoteSpan,
  readReply,
  type ModelCoder,
} from './coding.model.base.js';
import type { CodingItem } from './coding.model.js';

/**
 * A summary column's summary by the configured model: the answers (personal data masked) go in
 * batches, each numbered; the model replies a JSON object of short statements, each citing words
 * copied from the answers it summarises with their numbers. A statement is kept only when every
 * quote it cites is a verbatim span of the answer it names (the coding rule); otherwise it is
 * refused and recorded on the run, never shown: a quote not in that answer, an answer number it
 * was not given, no quote at all. A reply that is not JSON (or not the shape) refuses the batch.
 * Many answers give several batches: the summary is their statements in order.
 */
const SUMMARY_BATCH = 40;
const STATEMENTS_PER_BATCH = 5;
const MAX_QUOTES = 3;

const SYSTEM = `You summarise open answers of a monitoring and evaluation survey. Write a short summary: at most ${STATEMENTS_PER_BATCH} statements, each one sentence saying what several answers say (most common points first). Every statement must cite 1 to ${MAX_QUOTES} quotes that support it, each with the id of its answer and words copied exactly from that answer. Reply with a JSON object and nothing else: {"statements": [{"statement": "<one sentence>", "quotes": [{"id": <id of the answer>, "quote": "<words copied exactly from that answer>"}]}]}. Placeholders such as [name 1] or [phone 1] stand for personal data: keep them as they are.`;

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

export async function summariseWithModel(
  coder: ModelCoder,
  items: CodingItem[],
  progress: (done: number) => Promise<void>,
): Promise<{ summary: ColumnSummary; refusals: RunRefusal[] }> {
  const statements: SummaryStatement[] = [];
  const refusals: RunRefusal[] = [];
  for (let i = 0; i < items.length; i += SUMMARY_BATCH) {
    const batch = items.slice(i, i + SUMMARY_BATCH);
    const user = JSON.stringify({
      answers: maskedAnswers(coder, batch),
    });
    const text = await askModel(coder, SYSTEM, user, 'The model could not summarise');
    const whole = (reason: string) =>
      refusals.push(batchRefusal(batch, reason, 'are not in the summary'));
    const data = readReply(text, outputSchema, whole, 'statements with quotes');
    if (!data) {
      await progress(Math.min(items.length, i + SUMMARY_BATCH));
      continue;
    }
    for (const s of data.statements.slice(0, STATEMENTS_PER_BATCH)) {
      const statement = coder.masker.unmask(s.statement);
      const refuse = (item: CodingItem | null, quote: string | null, why: string) =>
        refusals.push({
          responseId: item?.responseId ?? null,
          seq: item?.seq ?? null,
          code: null,
          quote,
          reason: `${why} The statement “${statement.slice(0, 200)}” was left out.`,
        });
      if (s.quotes.length === 0) {
        refuse(null, null, 'The statement cites no quote.');
        continue;
      }
      const quotes: SummaryQuote[] = [];
      let refused = false;
      for (const q of s.quotes.slice(0, MAX_QUOTES)) {
        const quote = coder.masker.unmask(q.quote);
        const item = batch[q.id - 1];
        if (!item) {
          refuse(null, quote, `The quote cites answer ${q.id}, which the model was not given.`);
          refused = true;
          break;
        }
        const span = quoteSpan(item.answers, quote);
        if (!span) {
          refuse(item, quote, 'The quote is not in the answer it cites.');
          refused = true;
          break;
        }
        quotes.push({ responseId: item.responseId, seq: item.seq, ...span });
      }
      if (!refused) statements.push({ text: statement, quotes });
    }
    await progress(Math.min(items.length, i + SUMMARY_BATCH));
  }
  return {
    summary: {
      engine: 'model',
      model: coder.config.model,
      sentences: 0,
      overall: [],
      byWave: [],
      statements,
    },
    refusals,
  };
}
