import { describe, expect, it } from 'vitest';
import {
  ModelCallError,
  backoffMs,
  defaultModelCalls,
  postChat,
  retryAfterMs,
} from './model-client.js';

const config = { baseUrl: 'http://model.invalid/v1', apiKey: 'k', model: 'm' };

/** A scripted stand-in for the model service's HTTP answers (an outside service). */
function scripted(
  answers: Array<{ status: number; headers?: Record<string, string> } | 'network'>,
) {
  const seen: string[] = [];
  const fetch = (async (url: string) => {
    seen.push(url);
    const a = answers.shift() ?? { status: 500 };
    if (a === 'network') throw new TypeError('fetch failed');
    return new Response(a.status === 200 ? 'data: [DONE]\n\n' : '{}', {
      status: a.status,
      headers: a.headers,
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('the shared model client', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('backs off exponentially up to the cap', () => {
    const o = { baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4].map((a) => backoffMs(a, o))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('retries network errors and 5xx with backoff, honours Retry-After, and stops at the limit', async () => {
    const waits: number[] = [];
    const s = scripted([
      'network',
      { status: 503, headers: { 'retry-after': '3' } },
      { status: 200 },
    ]);
    const calls = defaultModelCalls({ fetch: s.fetch, sleep: async (ms) => void waits.push(ms) });
    await expect(postChat(config, {}, calls)).resolves.toBeInstanceOf(ReadableStream);
    expect(waits).toEqual([1000, 3000]);

    const failing = scripted([]);
    const waits2: number[] = [];
    const err = await postChat(
      config,
      {},
      defaultModelCalls({ fetch: failing.fetch, sleep: async (ms) => void waits2.push(ms) }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as Error).message).toBe(
      'The model service answered HTTP 500 on all 4 attempts; try again later.',
    );
    expect(failing.seen).toHaveLength(4);
    expect(waits2).toEqual([1000, 2000, 4000]);
  });

  it('fails at once on a 4xx other than 429, and on a wait longer than allowed', async () => {
    const s = scripted([{ status: 400 }]);
    await expect(
      postChat(config, {}, defaultModelCalls({ fetch: s.fetch, sleep: async () => {} })),
    ).rejects.toThrow('The model service refused the request (HTTP 400).');
    expect(s.seen).toHaveLength(1);
    const long = scripted([{ status: 429, headers: { 'retry-after': '3600' } }]);
    await expect(
      postChat(config, {}, defaultModelCalls({ fetch: long.fetch, sleep: async () => {} })),
    ).rejects.toThrow('asked to wait 3600 s, longer than the 60 s allowed');
    expect(long.seen).toHaveLength(1);
  });
});
