import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions } from '../auth/auth.tables.js';
import { mayJoin } from './channel-rules.js';
import type { Hub } from './hub.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** the backstop for changes made outside a request (a session expiring, a job, the CLI on this data) */
const REVALIDATE_EVERY_MS = 60_000;
const ENDED = 'You may no longer listen on this channel (signed out, or no longer a member).';

/**
 * Keeps open subscriptions honest. A private/presence subscription is bound to the session that
 * asked /broadcasting/auth for it; it lasts only while that session is alive and the channel's rule
 * (channel-rules.ts) still lets its user listen. Checked after every successful state-changing
 * request (a member removed, a team deleted, a sign-out, sessions revoked, an account deleted: any
 * route, present or future, without it having to remember) and every minute as a backstop.
 */
export class SubscriptionGuard {
  private running: Promise<number> | null = null;
  private queued: Promise<number> | null = null;

  constructor(
    private db: Db,
    private hub: Hub,
    private log: FastifyBaseLogger,
  ) {}

  /** Check every binding now; resolves once a check that started after this call has finished (concurrent calls share one). */
  revalidate(): Promise<number> {
    if (!this.running) {
      this.running = this.check().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(
      () => {
        this.queued = null;
        return this.revalidate();
      },
      () => {
        this.queued = null;
        return this.revalidate();
      },
    );
    return this.queued;
  }

  /** One pass: how many subscriptions (and unused grants) were ended. */
  private async check(): Promise<number> {
    const bindings = this.hub.bindings();
    if (bindings.length === 0) return 0;
    const sessionIds = [...new Set(bindings.map((b) => b.principal.sessionId))];
    const live = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date())));
    const owner = new Map(live.map((r) => [r.id, r.userId]));
    const allowed = new Map<string, Promise<boolean>>();
    const may = (userId: string, channel: string) => {
      const k = `${userId}\u0000${channel}`;
      let p = allowed.get(k);
      if (!p) allowed.set(k, (p = mayJoin(this.db, { user: { id: userId } }, channel)));
      return p;
    };
    let ended = 0;
    for (const b of bindings) {
      const ok =
        owner.get(b.principal.sessionId) === b.principal.userId &&
        (await may(b.principal.userId, b.channel));
      if (!ok && this.hub.revoke(b, ENDED)) ended += 1;
    }
    if (ended) this.log.info({ ended }, 'realtime: ended subscriptions that are no longer allowed');
    return ended;
  }

  /** Wire it into the app: after successful state-changing requests, and on a timer while listening. */
  install(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (SAFE.has(request.method) || reply.statusCode >= 400 || !this.hub.hasBindings())
        return payload;
      // asking for a signature or publishing (the signed Pusher HTTP API) changes nobody's rights
      if (
        request.routeOptions.config?.name === 'broadcasting.auth' ||
        request.routeOptions.config?.access?.kind === 'signed'
      )
        return payload;
      // before the answer leaves: a client that sees "removed" / "signed out" gets nothing more
      await this.revalidate().catch((err: unknown) =>
        request.log.error({ err }, 'realtime: revalidating subscriptions failed'),
      );
      return payload;
    });
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(
        () =>
          void this.revalidate().catch((err: unknown) =>
            this.log.error({ err }, 'realtime: revalidating subscriptions failed'),
          ),
        REVALIDATE_EVERY_MS,
      );
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
}
