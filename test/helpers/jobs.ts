import type { FastifyInstance } from 'fastify';

/**
 * Run every due job (mail, notifications, ...) in this call until none is left: what the worker
 * of a running server would have done by now. Tests that read the outbox or notifications call it
 * first; no sleeping, the queue is empty when it returns. `at` stands for "now" when choosing
 * what is due (a retry whose backoff lies ahead).
 */
export function drainJobs(app: FastifyInstance, opts: { at?: Date } = {}): Promise<number> {
  return app.ctx.jobs.drain(opts);
}
