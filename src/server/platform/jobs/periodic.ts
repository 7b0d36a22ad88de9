import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from './jobs.tables.js';
import { insertJob } from './queue.js';
import type { HandlerRegistry } from './registry.js';

/**
 * Enqueue a job of each periodic type (HandlerOptions.everyMs) that has none queued or running
 * and none enqueued within its period before `now`. Returns the types enqueued. Two workers
 * doing this at the same moment may both enqueue one: periodic handlers must be idempotent.
 */
export async function enqueuePeriodic(
  db: Db,
  registry: HandlerRegistry,
  queue: string,
  now: Date = new Date(),
): Promise<string[]> {
  const enqueued: string[] = [];
  for (const type of registry.types()) {
    const handler = registry.get(type)!;
    const every = handler.options.everyMs;
    if (!every || every <= 0) continue;
    const since = new Date(now.getTime() - every);
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, type),
          or(inArray(jobs.status, ['queued', 'running']), gt(jobs.createdAt, since)),
        ),
      );
    if ((pending?.n ?? 0) > 0) continue;
    await insertJob(db, type, {}, { queue, defaultMaxAttempts: handler.options.maxAttempts });
    enqueued.push(type);
  }
  return enqueued;
}
