/**
 * The one HTTP door to the configured OpenAI-compatible model service (grids, the assistant and
 * intelligent columns all call through it): POST {baseUrl}/chat/completions with retries. A 429,
 * a 5xx or a network error is retried with exponential backoff (1 s, 2 s, 4 s... capped), or
 * after the wait the service asks for in `Retry-After` (seconds or an HTTP date), up to
 * `maxAttempts` attempts; any other 4xx fails at once. Each failure is a `ModelCallError` whose
 * message says what happened, for the run or the answer to show. The clock and the sleeper are
 * injected (`BuildOptions.model`), so tests never wait for real.
 */
export interface ModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface ModelCallOptions {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  maxAttempts: number;
  baseDelayMs: number;
  /** the longest wait between two attempts; a longer `Retry-After` gives up at once */
  maxDelayMs: number;
  fetch?: typeof fetch;
}

export const defaultModelCalls = (over: Partial<ModelCallOptions> = {}): ModelCallOptions => ({
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  ...over,
});

export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly attempts: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 60_000;

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** The backoff before attempt `attempt + 1` (attempt counts from 1): base, 2 base, 4 base... capped. */
export const backoffMs = (
  attempt: number,
  o: Pick<ModelCallOptions, 'baseDelayMs' | 'maxDelayMs'>,
) => Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));

const retryable = (status: number) => status === 429 || status >= 500;
const seconds = (ms: number) => Math.ceil(ms / 1000);

/** The body of the model's answer (status 2xx), after as many attempts as it took. */
export async function postChat(
  config: ModelConfig,
  body: Record<string, unknown>,
  calls: ModelCallOptions,
  accept = 'text/event-stream',
): Promise<ReadableStream<Uint8Array>> {
  const doFetch = calls.fetch ?? fetch;
  const attempts = Math.max(1, calls.maxAttempts);
  for (let attempt = 1; ; attempt++) {
    let res: Response | null = null;
    try {
      res = await doFetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${config.apiKey}`,
          accept,
        },
        body: JSON.stringify({ model: config.model, ...body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      res = null;
    }
    if (res && res.ok && res.body) return res.body;
    await res?.body?.cancel();
    const status = res?.status ?? null;
    const what = status === null ? 'could not be reached' : `answered HTTP ${status}`;
    if (status !== null && !retryable(status))
      throw new ModelCallError(
        `The model service refused the request (HTTP ${status}).`,
        status,
        attempt,
      );
    if (attempt >= attempts)
      throw new ModelCallError(
        `The model service ${what} on all ${attempts} attempts; try again later.`,
        status,
        attempt,
      );
    const asked = retryAfterMs(res?.headers.get('retry-after') ?? null, calls.now());
    if (asked !== null && asked > calls.maxDelayMs)
      throw new ModelCallError(
        `The model service ${what} and asked to wait ${seconds(asked)} s, longer than the ${seconds(calls.maxDelayMs)} s allowed; try again later.`,
        status,
        attempt,
      );
    await calls.sleep(asked ?? backoffMs(attempt, calls));
  }
}
