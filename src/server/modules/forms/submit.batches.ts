import type { Outcome } from './submit.use-cases.js';

/** At most this many submissions are stored in one transaction. */
const SUBMIT_BATCH_MAX = 100;

interface Waiting<I, R> {
  item: I;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** How a batch is stored: a first stage that needs no lock, then the commit under it. */
export interface BatchStages<I, P, R> {
  /** reads and checks, no lock and no write: may run while the key's previous batch commits */
  prepare: (key: string, items: I[]) => Promise<P>;
  /** the write (at most COMMITS_IN_FLIGHT per key at once); an outcome per item, in the items' order */
  commit: (key: string, prepared: P) => Promise<Array<Outcome<R>>>;
}

/** One key's work: submissions waiting, the batch being prepared, batches prepared, commits running. */
interface Lane<I, P, R> {
  waiting: Array<Waiting<I, R>>;
  /** a turn of the event loop is awaited before the next batch is taken (what arrives in it joins) */
  gathering: boolean;
  preparing: boolean;
  ready: Array<{ batch: Array<Waiting<I, R>>; prepared: P }>;
  committing: number;
}

/**
 * Commits of one key in flight at once: one holding the form's row lock, the next already in its
 * transaction and waiting for the lock in the database, so it starts the moment the lock is
 * released instead of a BEGIN and a lock round trip later.
 */
const COMMITS_IN_FLIGHT = 2;

/**
 * Submissions to one key (a form's link) gathered while the previous batch for that key is being
 * stored, then stored together: one transaction, one row lock and about one statement per step for
 * the whole batch, instead of one per submission (group commit). A batch goes through two stages:
 * it is prepared (read and checked, no lock), then committed (its transaction takes the form's row
 * lock). While one batch commits, the next is prepared and its transaction opened, waiting for the
 * lock; so the round trips that need no lock are not in the line of the ones that do. Nothing waits
 * on a timer: a batch is taken after one turn of the event loop, with whatever has arrived by then.
 * Each caller gets its own outcome, after the commit. If a batch fails as a whole (an error no
 * submission's checks foresaw), its submissions are stored again one at a time, so one bad
 * submission cannot fail the others.
 */
export function submissionBatches<I, P, R>(stages: BatchStages<I, P, R>, max = SUBMIT_BATCH_MAX) {
  const lanes = new Map<string, Lane<I, P, R>>();
  const settle = (w: Waiting<I, R>, o: Outcome<R> | undefined) =>
    !o
      ? w.reject(new Error('The batch gave this submission no outcome.'))
      : o.ok
        ? w.resolve(o.value)
        : w.reject(o.error);

  /** a batch that failed as a whole: each submission through both stages alone */
  async function oneByOne(key: string, batch: Array<Waiting<I, R>>, e: unknown) {
    if (batch.length === 1) return batch[0].reject(e);
    for (const w of batch)
      await stages
        .prepare(key, [w.item])
        .then((p) => stages.commit(key, p))
        .then(
          ([o]) => settle(w, o),
          (alone: unknown) => w.reject(alone),
        );
  }

  async function prepare(key: string, lane: Lane<I, P, R>) {
    lane.preparing = true;
    const batch = lane.waiting.splice(0, max);
    try {
      const prepared = await stages.prepare(
        key,
        batch.map((w) => w.item),
      );
      lane.ready.push({ batch, prepared });
    } catch (e) {
      await oneByOne(key, batch, e);
    }
    lane.preparing = false;
    pump(key, lane);
  }

  async function commit(key: string, lane: Lane<I, P, R>) {
    lane.committing += 1;
    const { batch, prepared } = lane.ready.shift()!;
    try {
      const outcomes = await stages.commit(key, prepared);
      batch.forEach((w, i) => settle(w, outcomes[i]));
    } catch (e) {
      await oneByOne(key, batch, e);
    }
    lane.committing -= 1;
    pump(key, lane);
  }

  /** start what can start: commits of prepared batches, then the next batch's preparation */
  function pump(key: string, lane: Lane<I, P, R>) {
    while (lane.ready.length && lane.committing < COMMITS_IN_FLIGHT) void commit(key, lane);
    const room = lane.committing + lane.ready.length < COMMITS_IN_FLIGHT;
    if (lane.waiting.length && !lane.preparing && !lane.gathering && room) {
      lane.gathering = true;
      // one turn of the event loop first: requests already received are read and join the batch
      // (PGlite runs a transaction's statements without yielding to I/O, so without this turn
      // every batch there would be the one submission that started it)
      setImmediate(() => {
        lane.gathering = false;
        void prepare(key, lane);
      });
    }
    const idle = !lane.waiting.length && !lane.gathering && !lane.preparing && !lane.ready.length;
    if (idle && !lane.committing) lanes.delete(key);
  }

  return (key: string, item: I) =>
    new Promise<R>((resolve, reject) => {
      let lane = lanes.get(key);
      if (!lane) {
        lane = { waiting: [], gathering: false, preparing: false, ready: [], committing: 0 };
        lanes.set(key, lane);
      }
      lane.waiting.push({ item, resolve, reject });
      pump(key, lane);
    });
}
