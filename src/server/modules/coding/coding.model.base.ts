import type { AppContext } from '../../platform/context.js';
import type { ModelCallOptions } from '../../platform/model/model-client.js';
import type { QuoteSpan } from '../../../shared/coding/coding.js';
import { completeText, Masker, ModelRefusal, stakeholderNames } from '../assistant/index.js';
import { countAiRequest } from '../settings/index.js';

/**
 * What model coding and model summaries share: the coder (the configured model, the team's
 * masker, the monthly limit, the shared client's retries), one JSON request, and the rules its
 * reply is checked by (JSON, quotes that are verbatim spans of the answer).
 */
export interface ModelCoder {
  config: { baseUrl: string; apiKey: string; model: string };
  masker: Masker;
  /** counts one model request against the team's monthly limit; false at the limit */
  grant: () => Promise<boolean>;
  calls: ModelCallOptions;
}

/** The coder of a run by `model` (the run's engine version) for the team, or an error when none is configured. */
export async function modelCoderFor(
  ctx: AppContext,
  teamId: string,
  model: string,
): Promise<ModelCoder> {
  const ai = ctx.config.ai;
  if (!ai) throw new Error('No model is configured any more: run again with the offline engine.');
  return {
    config: { ...ai, model },
    masker: new Masker(await stakeholderNames(ctx.db, teamId)),
    grant: async () => (await countAiRequest(ctx.db, teamId, new Date())).allowed,
    calls: ctx.modelCalls,
  };
}

const LIMIT_REACHED =
  'Stopped: the team has used its AI model requests for this month (Settings, limits).';

/** A request not answered: the monthly limit reached, or the service kept failing. */
export class ModelRequestFailed extends Error {}

/**
 * One request, counted against the monthly limit first (the run stops at the limit). A call the
 * service keeps failing after the shared client's retries fails the run with `failure` and why.
 */
export async function askModel(
  coder: ModelCoder,
  system: string,
  user: string,
  failure: string,
): Promise<string> {
  if (!(await coder.grant())) throw new ModelRequestFailed(LIMIT_REACHED);
  try {
    return await completeText({
      config: coder.config,
      system,
      user,
      json: true,
      calls: coder.calls,
    });
  } catch (err) {
    if (err instanceof ModelRefusal) throw new ModelRequestFailed(`${failure}: ${err.message}`);
    throw err;
  }
}

/** The model's text as JSON: a fenced ```json block is accepted, anything else must parse whole. */
function parseJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return JSON.parse(fenced ? fenced[1] : text);
}

/**
 * A batch's reply read by its schema, or null once `refuseBatch` was told why (not JSON, or not
 * the expected shape: `shape` says what was expected).
 */
export function readReply<T>(
  text: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  refuseBatch: (why: string) => void,
  shape: string,
): T | null {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    refuseBatch('The model did not answer a JSON object.');
    return null;
  }
  const out = schema.safeParse(json);
  if (!out.success) {
    refuseBatch(`The model’s answer does not have the expected shape (${shape}).`);
    return null;
  }
  return out.data;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the quote is in the answer (the same words, case and spacing aside), or null. */
export function spanOf(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const m = new RegExp(words.map(escapeRe).join('\\s+'), 'iu').exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

/** The quote's span in the first of the answers holding it verbatim, or null (refused). */
export function quoteSpan(
  answers: Array<{ question: string; text: string }>,
  quote: string,
): QuoteSpan | null {
  for (const ans of answers) {
    const at = spanOf(ans.text, quote);
    if (at) return { question: ans.question, ...at, text: ans.text.slice(at.start, at.end) };
  }
  return null;
}

/** A batch's answers as the model sees them: numbered from 1, masked, one text per answer. */
export const maskedAnswers = (
  coder: ModelCoder,
  batch: ReadonlyArray<{ answers: ReadonlyArray<{ text: string }> }>,
) =>
  batch.map((item, n) => ({
    id: n + 1,
    answer: item.answers.map((a) => coder.masker.mask(a.text)).join('\n'),
  }));

/** The refusal of a whole batch: why, and which responses it leaves out (`what`). */
export const batchRefusal = (
  batch: ReadonlyArray<{ seq: number }>,
  reason: string,
  what: string,
) => ({
  responseId: null,
  seq: null,
  code: null,
  quote: null,
  reason: `${reason} Responses #${batch[0].seq} to #${batch[batch.length - 1].seq} ${what}.`,
});
