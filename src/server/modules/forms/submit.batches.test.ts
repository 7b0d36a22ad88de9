import { describe, expect, it } from 'vitest';
import { submissionBatches } from './submit.batches.js';
import type { Outcome } from './submit.use-cases.js';

interface Held {
  stage: 'prepare' | 'commit';
  key: string;
  items: number[];
  release: () => void;
  fail: () => void;
}

/**
 * Stages the test releases by hand: each call waits until `release()` (or `fail()`) is called for
 * it. A prepared batch is its items; a commit decides each item's outcome with `decide`.
 */
function heldStages(decide: (item: number) => Outcome<string>) {
  const calls: Held[] = [];
  const held = <T>(stage: Held['stage'], key: string, items: number[], value: () => T) =>
    new Promise<T>((resolve, reject) => {
      calls.push({
        stage,
        key,
        items,
        release: () => resolve(value()),
        fail: () => reject(new Error(`the ${stage} failed as a whole`)),
      });
    });
  const stages = {
    prepare: (key: string, items: number[]) => held('prepare', key, items, () => items),
    commit: (key: string, items: number[]) => held('commit', key, items, () => items.map(decide)),
  };
  const of = (stage: Held['stage']) => calls.filter((c) => c.stage === stage);
  return { calls, stages, of };
}

const ok = (n: number): Outcome<string> => ({ ok: true, value: `stored ${n}` });
const settled = <T>(p: Promise<T>) =>
  p.then(
    (v) => ({ v }),
    (e: Error) => ({ e: e.message }),
  );
/** turns of the event loop (a batch is taken after one; no clock is involved) */
const flush = async (turns = 3) => {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
};

describe('submissionBatches', () => {
  it('prepares a submission to an idle key after one turn of the event loop, with what came in that turn, then commits it', async () => {
    const { calls, stages, of } = heldStages(ok);
    const submit = submissionBatches(stages);
    const one = submit('form-a', 1);
    const two = submit('form-a', 2);
    expect(calls).toEqual([]);
    await flush();
    expect(calls.map((c) => [c.stage, c.items])).toEqual([['prepare', [1, 2]]]);
    of('prepare')[0].release();
    await flush();
    expect(of('commit').map((c) => c.items)).toEqual([[1, 2]]);
    of('commit')[0].release();
    expect(await Promise.all([one, two])).toEqual(['stored 1', 'stored 2']);
  });

  it('prepares what arrives during a commit beside it, and opens the next commit before the first ends', async () => {
    const { stages, of } = heldStages((n) =>
      n === 3 ? { ok: false, error: new Error('refused 3') } : ok(n),
    );
    const submit = submissionBatches(stages);
    const first = settled(submit('form-a', 1));
    const other = settled(submit('form-b', 9));
    await flush();
    // form-b is another key: not held back by form-a's batch
    expect(of('prepare').map((c) => [c.key, c.items])).toEqual([
      ['form-a', [1]],
      ['form-b', [9]],
    ]);
    of('prepare')[0].release();
    await flush();
    expect(of('commit').map((c) => c.items)).toEqual([[1]]);
    // while [1] commits, [2, 3, 4] arrive: prepared beside that commit, not after it
    const later = [2, 3, 4].map((n) => settled(submit('form-a', n)));
    await flush();
    expect(of('prepare')[2]).toMatchObject({ key: 'form-a', items: [2, 3, 4] });
    of('prepare')[2].release();
    await flush();
    // its commit opens while [1]'s is still running (it waits for the row lock in the database)
    expect(of('commit').map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    // a third batch is not prepared while two commits are in flight
    const last = settled(submit('form-a', 5));
    await flush();
    expect(of('prepare').filter((c) => c.key === 'form-a')).toHaveLength(2);
    of('commit')[0].release();
    expect(await first).toEqual({ v: 'stored 1' });
    await flush();
    expect(of('prepare').at(-1)!.items).toEqual([5]);
    of('commit')[1].release();
    expect(await Promise.all(later)).toEqual([
      { v: 'stored 2' },
      { e: 'refused 3' },
      { v: 'stored 4' },
    ]);
    of('prepare').at(-1)!.release();
    await flush();
    of('commit').at(-1)!.release();
    expect(await last).toEqual({ v: 'stored 5' });
    of('prepare')[1].release();
    await flush();
    of('commit').at(-1)!.release();
    expect(await other).toEqual({ v: 'stored 9' });
  });

  it('takes at most `max` submissions per batch', async () => {
    const { stages, of } = heldStages(ok);
    const submit = submissionBatches(stages, 2);
    const all = [1, 2, 3, 4, 5].map((n) => submit('k', n));
    for (let i = 0; i < 3; i++) {
      await flush();
      of('prepare')[i].release();
      await flush();
      of('commit')[i].release();
    }
    expect(of('prepare').map((c) => c.items)).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `stored ${n}`));
  });

  for (const stage of ['prepare', 'commit'] as const)
    it(`stores a batch whose ${stage} failed as a whole again one at a time, so only the bad one fails`, async () => {
      const { calls, stages, of } = heldStages(ok);
      const submit = submissionBatches(stages);
      const rest = [2, 3, 4].map((n) => settled(submit('k', n)));
      await flush();
      if (stage === 'commit') {
        of('prepare')[0].release();
        await flush();
      }
      of(stage)[0].fail();
      // one at a time, in order, each through both stages: 2 is stored, 3 fails alone, 4 is stored
      for (const [i, good] of [
        [2, true],
        [3, false],
        [4, true],
      ] as const) {
        await flush();
        expect(calls.at(-1)).toMatchObject({ stage: 'prepare', items: [i] });
        calls.at(-1)!.release();
        await flush();
        expect(calls.at(-1)).toMatchObject({ stage: 'commit', items: [i] });
        if (good) calls.at(-1)!.release();
        else calls.at(-1)!.fail();
      }
      expect(await Promise.all(rest)).toEqual([
        { v: 'stored 2' },
        { e: 'the commit failed as a whole' },
        { v: 'stored 4' },
      ]);
      // the key is idle again: the next submission starts a batch of its own
      void submit('k', 5);
      await flush();
      expect(calls.at(-1)).toMatchObject({ stage: 'prepare', items: [5] });
    });

  it('rejects a lone submission whose batch failed with that batch’s error', async () => {
    const { stages, of } = heldStages(ok);
    const submit = submissionBatches(stages);
    const alone = settled(submit('k', 1));
    await flush();
    of('prepare')[0].fail();
    expect(await alone).toEqual({ e: 'the prepare failed as a whole' });
  });
});
