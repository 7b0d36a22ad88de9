import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every web process (PostgreSQL mode; ARCHITECTURE.md §4).
 * `key` is a hash of the route and the limiter's key (IP, email, user or token id), never the
 * raw values. Rows whose window has ended are reset on the next hit and deleted periodically.
 * The table is UNLOGGED (migration 0005, hand-written: drizzle-kit has no option for it): no WAL
 * flush per hit, and emptied after a crash.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
