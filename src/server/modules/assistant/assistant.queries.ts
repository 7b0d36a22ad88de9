import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { stakeholders } from '../forms/read-model.js';
import type {
  AssistantMessageView,
  ConversationSummary,
} from '../../../shared/assistant/assistant.js';
import { assistantConversations, assistantMessages } from './assistant.tables.js';

export interface Owner {
  teamId: string;
  userId: string;
}

/** A conversation of this user in this team, or 404 (another user's or team's never shows). */
export async function findConversation(db: Db, owner: Owner, conversationId: unknown) {
  const id = idOr404(conversationId, 'Conversation');
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.id, id),
        eq(assistantConversations.teamId, owner.teamId),
        eq(assistantConversations.userId, owner.userId),
      ),
    );
  if (!row) throw notFound('Conversation');
  return row;
}

/** The user's conversations in the team, the latest first. */
export async function listConversations(db: Db, owner: Owner): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: assistantConversations.id,
      title: assistantConversations.title,
      updatedAt: assistantConversations.updatedAt,
    })
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.teamId, owner.teamId),
        eq(assistantConversations.userId, owner.userId),
      ),
    )
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(100);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export async function messagesOf(
  db: Db,
  teamId: string,
  conversationId: string,
): Promise<AssistantMessageView[]> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.conversationId, conversationId),
        eq(assistantMessages.teamId, teamId),
      ),
    )
    .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.role));
  return rows.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    citations: m.citations,
    engine: m.engine,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** The team's stakeholder names: masked before text leaves for a model. */
export async function stakeholderNames(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ name: stakeholders.name })
    .from(stakeholders)
    .where(eq(stakeholders.teamId, teamId))
    .limit(20_000);
  return rows.map((r) => r.name);
}

/** The user's latest conversation asked from this problem's side panel, or null. */
export async function latestProblemConversation(db: Db, owner: Owner, problemId: string) {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.teamId, owner.teamId),
        eq(assistantConversations.userId, owner.userId),
        eq(assistantConversations.problemId, problemId),
      ),
    )
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(1);
  return row ?? null;
}
