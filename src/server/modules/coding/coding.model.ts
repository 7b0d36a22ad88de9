import { z } from 'zod';
import type { AppliedCode, CodeDef } from '../../../shared/coding/coding.js';
import type { RunRefusal } from '../../../shared/coding/coding.pages.js';
import {
  askModel,
  batchRefusal,
  maskedAnswers,
  quoteSpan,
  readReply,
  type ModelCoder,
} from './coding.model.base.js';

/**
 * Deductive coding by the configured model: the answers (personal data masked) go in batches with
 * the codebook (definitions, include/exclude rules, examples); the model must reply a JSON object
 * giving, per answer, its codes each with the exact words that support it. What does not fit is
 * refused and recorded, never applied: a reply that is not JSON or not the shape (the whole
 * batch), an answer it was not given, a code not in the codebook, a quote that is not a verbatim
 * span of that answer (the grids' rule: same words, case and spacing aside). A call the model
 * service keeps failing (after the shared client's retries) or the team's monthly limit fails the
 * run with the reason.
 */
export const MODEL_BATCH = 20;
const MAX_SPANS = 3;

export interface CodingItem {
  responseId: string;
  seq: number;
  answers: Array<{ question: string; text: string }>;
}

const SYSTEM = `You code open answers of a monitoring and evaluation survey with a codebook (deductive coding). Apply a code to an answer only when the answer fits the code's definition and include rules and none of its exclude rules. Reply with a JSON object and nothing else: {"answers": [{"id": <id of the answer>, "codes": [{"code": "<code key>", "quote": "<words copied exactly from that answer that support the code>"}]}]}. Give every answer you were sent, with "codes": [] when no code applies. Use only the code keys of the codebook. Placeholders such as [name 1] or [phone 1] stand for personal data: keep them as they are.`;

const outputSchema = z.object({
  answers: z
    .array(
      z.object({
        id: z.number().int(),
        codes: z
          .array(z.object({ code: z.string().max(60), quote: z.string().trim().min(1).max(500) }))
          .max(60),
      }),
    )
    .max(500),
});

/** The codes of every item (items of a refused batch get none: they are not coded). */
export async function codeWithModel(
  coder: ModelCoder,
  codebook: CodeDef[],
  items: CodingItem[],
  progress: (done: number) => Promise<void>,
): Promise<{ coded: Map<string, AppliedCode[]>; refusals: RunRefusal[] }> {
  const known = new Set(codebook.map((c) => c.key));
  const book = codebook.map((c) => ({
    code: c.key,
    label: c.label,
    definition: coder.masker.mask(c.definition),
    include: c.include,
    exclude: c.exclude,
    examples: c.examples.map((e) => coder.masker.mask(e)),
  }));
  const coded = new Map<string, AppliedCode[]>();
  const refusals: RunRefusal[] = [];
  for (let i = 0; i < items.length; i += MODEL_BATCH) {
    const batch = items.slice(i, i + MODEL_BATCH);
    const user = JSON.stringify({
      codebook: book,
      answers: maskedAnswers(coder, batch),
    });
    const text = await askModel(coder, SYSTEM, user, 'The model could not code');
    const whole = (reason: string) => refusals.push(batchRefusal(batch, reason, 'were not coded'));
    const data = readReply(text, outputSchema, whole, 'answers with codes and quotes');
    if (!data) {
      await progress(Math.min(items.length, i + MODEL_BATCH));
      continue;
    }
    for (const item of batch) coded.set(item.responseId, []);
    for (const a of data.answers) {
      const item = batch[a.id - 1];
      if (!item) {
        refusals.push({
          responseId: null,
          seq: null,
          code: null,
          quote: null,
          reason: `The model coded answer ${a.id}, which it was not given.`,
        });
        continue;
      }
      const codes = coded.get(item.responseId)!;
      for (const c of a.codes) {
        const quote = coder.masker.unmask(c.quote);
        const refuse = (reason: string) =>
          refusals.push({
            responseId: item.responseId,
            seq: item.seq,
            code: c.code,
            quote,
            reason,
          });
        if (!known.has(c.code)) {
          refuse(`“${c.code.slice(0, 40)}” is not a code of the codebook.`);
          continue;
        }
        const span = quoteSpan(item.answers, quote);
        if (!span) {
          refuse('The quote is not in the answer: the code was not applied.');
          continue;
        }
        const applied = codes.find((x) => x.code === c.code);
        if (!applied) codes.push({ code: c.code, spans: [span] });
        else if (
          applied.spans.length < MAX_SPANS &&
          !applied.spans.some((s) => s.question === span.question && s.start === span.start)
        )
          applied.spans.push(span);
      }
    }
    await progress(Math.min(items.length, i + MODEL_BATCH));
  }
  return { coded, refusals };
}
