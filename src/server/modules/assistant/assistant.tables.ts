import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { problems } from '../problems/read-model.js';
import type { AssistantEngine, Citation } from '../../../shared/assistant/assistant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A conversation with Chanakya: one user's, in one team. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** asked from a problem's side panel: the questions are about that problem (kept if it goes) */
    problemId: uuid('problem_id').references(() => problems.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('assistant_conversations_owner_idx').on(t.teamId, t.userId, t.updatedAt),
    index('assistant_conversations_problem_idx').on(t.problemId),
  ],
);

/** A question or an answer; answers keep the records they cited. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    engine: text('engine').$type<AssistantEngine>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('assistant_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
