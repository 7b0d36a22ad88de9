import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables.js';

/**
 * The last TOTP time-step each user has spent. Better Auth accepts a code anywhere in its
 * ±1-step window and keeps no memory of it, so the same code would work twice; a code is only
 * accepted when its step is newer than the one stored here (RFC 6238 §5.2).
 */
export const twoFactorUsedSteps = pgTable('two_factor_used_steps', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
