import type { Outcome } from './submit.use-cases.js';

/** At most this many submissions are stored in one transaction. */
const SUBMIT_BATCH_MAX = 100;

interface Waiting<I, R> {
  item: I;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/**
 * Submissions to one key (a form's link) gathered while the previous batch for that key is being
 * stored, then stored together: one transaction, one row lock and about one statement per step for
 * the whole batch, instead of one per submission (group commit). Nothing waits on a timer: a
 * submission arriving when its key is idle is stored after one turn of the event loop, with
 * whatever else has arrived by then. Each caller gets its own
 * outcome, after the commit. If a batch fails as a whole (an error no submission's checks
 * foresaw), its submissions are stored again one at a time, so one bad submission cannot fail
 * the others.
 */
export function submissionBatches<I, R>(
  store: (key: string, items: I[]) => Promise<Array<Outcome<R>>>,
  max = SUBMIT_BATCH_MAX,
) {
  const queues = new Map<string, Array<Waiting<I, R>>>();
  const settle = (w: Waiting<I, R>, o: Outcome<R> | undefined) =>
    !o
      ? w.reject(new Error('The batch gave this submission no outcome.'))
      : o.ok
        ? w.resolve(o.value)
        : w.reject(o.error);

  async function drain(key: string, queue: Array<Waiting<I, R>>) {
    // one turn of the event loop first: requests already received are read and join the first
    // batch (PGlite runs a transaction's statements without yielding to I/O, so without this turn
    // every batch there would be the one submission that started it; later batches gather what
    // arrived while the one before was stored)
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length) {
      const batch = queue.splice(0, max);
      try {
        const outcomes = await store(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => settle(w, outcomes[i]));
      } catch (e) {
        if (batch.length === 1) batch[0].reject(e);
        else
          for (const w of batch)
            await store(key, [w.item]).then(
              ([o]) => settle(w, o),
              (alone: unknown) => w.reject(alone),
            );
      }
    }
    queues.delete(key);
  }

  return (key: string, item: I) =>
    new Promise<R>((resolve, reject) => {
      const waiting = queues.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      queues.set(key, queue);
      void drain(key, queue);
    });
}
