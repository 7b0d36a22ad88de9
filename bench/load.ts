import { Worker } from 'node:worker_threads';
import { summarize, type Measurement } from './stats.js';

export interface LoadSpec {
  label: string;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** request bodies, one per connection (connection i sends bodies[i % n]) */
  bodies?: string[];
  connections: number;
  durationMs: number;
  warmupMs: number;
  randomForwardedFor?: boolean;
  /** a placeholder in the bodies replaced by a fresh UUID in every request */
  freshId?: string;
  note?: string;
}

/** HTTP load from a worker thread (the server keeps the main event loop to itself). */
export function httpLoad(spec: LoadSpec): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { method: 'GET', headers: {}, randomForwardedFor: false, ...spec },
    });
    w.once(
      'message',
      (m: { latencies: number[]; statuses: Record<string, number>; elapsedMs: number }) => {
        resolve(summarize(spec.label, m.latencies, m.elapsedMs, m.statuses, spec.note));
        void w.terminate();
      },
    );
    w.once('error', reject);
  });
}

/**
 * The same HTTP closed loop (no warm-up) for as long as `work` runs: every request's latency,
 * ms, including those that were waiting when it ended.
 */
export async function httpLoadDuring(
  spec: Omit<LoadSpec, 'durationMs' | 'warmupMs' | 'label'>,
  work: () => Promise<unknown>,
): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const w = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      method: 'GET',
      headers: {},
      randomForwardedFor: false,
      ...spec,
      durationMs: null,
      warmupMs: 0,
    },
  });
  const done = new Promise<{ latencies: number[]; statuses: Record<string, number> }>(
    (resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    },
  );
  try {
    await work();
  } finally {
    w.postMessage('stop');
  }
  const result = await done;
  void w.terminate();
  return result;
}

/** The same closed loop for an in-process async function (no HTTP). */
export async function directLoad(
  label: string,
  fn: (i: number) => Promise<unknown>,
  o: { connections: number; durationMs: number; warmupMs: number; note?: string },
): Promise<Measurement> {
  const run = async (ms: number, record: boolean) => {
    const end = performance.now() + ms;
    const latencies: number[] = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: o.connections }, async (_, i) => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            await fn(i);
          } catch {
            errors += 1;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors };
  };
  await run(o.warmupMs, false);
  const started = performance.now();
  const { latencies, errors } = await run(o.durationMs, true);
  return summarize(
    label,
    latencies,
    performance.now() - started,
    errors ? { ok: latencies.length - errors, error: errors } : { ok: latencies.length },
    o.note,
  );
}

/** Peak RSS while `fn` runs (sampled every 25 ms). */
export async function peakRss<T>(fn: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const result = await fn();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}
