import { describe, expect, it } from 'vitest';
import { submissionBatches } from './submit.batches.js';
import type { Outcome } from './submit.use-cases.js';

/** A store the test releases by hand: each call waits until `release()` is called for it. */
function heldStore(decide: (item: number) => Outcome<string>) {
  const calls: Array<{ key: string; items: number[]; release: () => void; fail: () => void }> = [];
  const store = (key: string, items: number[]) =>
    new Promise<Array<Outcome<string>>>((resolve, reject) => {
      calls.push({
        key,
        items,
        release: () => resolve(items.map(decide)),
        fail: () => reject(new Error('the batch failed as a whole')),
      });
    });
  return { calls, store };
}

const ok = (n: number): Outcome<string> => ({ ok: true, value: `stored ${n}` });
const settled = <T>(p: Promise<T>) =>
  p.then(
    (v) => ({ v }),
    (e: Error) => ({ e: e.message }),
  );
/** one turn of the event loop (a batch starts after one; no clock is involved) */
const flush = () => new Promise<void>((r) => setImmediate(r));

describe('submissionBatches', () => {
  it('stores a submission to an idle key after one turn of the event loop, with what came in that turn', async () => {
    const { calls, store } = heldStore(ok);
    const submit = submissionBatches(store);
    const one = submit('form-a', 1);
    const two = submit('form-a', 2);
    expect(calls).toEqual([]);
    await flush();
    expect(calls.map((c) => c.items)).toEqual([[1, 2]]);
    calls[0].release();
    expect(await Promise.all([one, two])).toEqual(['stored 1', 'stored 2']);
  });

  it('gathers what arrives while a batch runs into the next one, in order, each with its own outcome', async () => {
    const { calls, store } = heldStore((n) =>
      n === 3 ? { ok: false, error: new Error('refused 3') } : ok(n),
    );
    const submit = submissionBatches(store);
    const first = settled(submit('form-a', 1));
    const other = settled(submit('form-b', 9));
    await flush();
    const later = [2, 3, 4].map((n) => settled(submit('form-a', n)));
    // form-b is another key: not held back by form-a's batch
    expect(calls.map((c) => [c.key, c.items])).toEqual([
      ['form-a', [1]],
      ['form-b', [9]],
    ]);
    calls[0].release();
    await flush();
    expect(calls[2]).toMatchObject({ key: 'form-a', items: [2, 3, 4] });
    calls[2].release();
    calls[1].release();
    expect(await first).toEqual({ v: 'stored 1' });
    expect(await Promise.all(later)).toEqual([
      { v: 'stored 2' },
      { e: 'refused 3' },
      { v: 'stored 4' },
    ]);
    expect(await other).toEqual({ v: 'stored 9' });
  });

  it('takes at most `max` submissions per batch', async () => {
    const { calls, store } = heldStore(ok);
    const submit = submissionBatches(store, 2);
    const all = [1, 2, 3, 4, 5].map((n) => submit('k', n));
    for (let i = 0; i < 3; i++) {
      await flush();
      calls[i].release();
    }
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `stored ${n}`));
  });

  it('stores a batch that failed as a whole again one at a time, so only the bad one fails', async () => {
    const { calls, store } = heldStore(ok);
    const submit = submissionBatches(store);
    const first = submit('k', 1);
    await flush();
    const rest = [2, 3, 4].map((n) => settled(submit('k', n)));
    calls[0].release();
    await first;
    await flush();
    expect(calls[1].items).toEqual([2, 3, 4]);
    calls[1].fail();
    // one at a time, in order: 2 is stored, 3 fails alone, 4 is stored
    for (const [i, good] of [
      [2, true],
      [3, false],
      [4, true],
    ] as const) {
      await flush();
      expect(calls.at(-1)!.items).toEqual([i]);
      if (good) calls.at(-1)!.release();
      else calls.at(-1)!.fail();
    }
    expect(await Promise.all(rest)).toEqual([
      { v: 'stored 2' },
      { e: 'the batch failed as a whole' },
      { v: 'stored 4' },
    ]);
    // the key is idle again: the next submission starts a batch of its own
    void submit('k', 5);
    await flush();
    expect(calls.at(-1)!.items).toEqual([5]);
  });
});
