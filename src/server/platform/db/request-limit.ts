import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * PGlite runs every query on one connection, in FIFO order. Fifty concurrent requests then
 * interleave their queries: each waits behind everyone else's, memory and GC pressure grow, and
 * throughput falls below what one request at a time achieves. This limiter admits `limit`
 * requests at a time into the app (the rest wait in FIFO order before any query runs), which
 * keeps throughput at its single-connection level and latency predictable. PostgreSQL mode
 * (a real connection pool) does not use it. Static assets bypass it.
 */
export class RequestLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(public limit: number) {}

  get queued() {
    return this.waiting.length;
  }

  acquire(): Promise<void> | void {
    if (this.limit <= 0 || this.active < this.limit) {
      this.active += 1;
      return;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(
      () => void (this.active += 1),
    );
  }

  release() {
    this.active -= 1;
    const next = this.waiting.shift();
    if (next) next();
  }
}

const BYPASS = /^\/(assets|favicon\.svg|build)\b/;
const HELD = Symbol('requestLimitHeld');

/** Install as the first onRequest hook (before the session lookup queries the database). */
export function installRequestLimit(app: FastifyInstance, limit: number): RequestLimiter {
  const limiter = new RequestLimiter(limit);
  const release = (request: FastifyRequest) => {
    const r = request as FastifyRequest & { [HELD]?: boolean };
    if (!r[HELD]) return;
    r[HELD] = false;
    limiter.release();
  };
  app.addHook('onRequest', async (request) => {
    if (BYPASS.test(request.url)) return;
    await limiter.acquire();
    (request as FastifyRequest & { [HELD]?: boolean })[HELD] = true;
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  return limiter;
}
