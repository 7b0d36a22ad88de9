import { eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import type { Answer } from './offline.js';
import { assistantConversations, assistantMessages } from './assistant.tables.js';
import { findConversation } from './assistant.queries.js';

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const subject = (c: { id: string; title: string }) => ({
  type: 'assistant_conversation',
  id: c.id,
  label: c.title,
});

/**
 * Keeps a question and its answer, together (no half-written exchange): in the given conversation
 * of the user's, or a new one titled after the question.
 */
export async function recordExchange(
  uc: UseCase,
  input: {
    conversationId: string | null;
    /** a new conversation asked from this problem's side panel (already checked: the team's) */
    problemId?: string | null;
    question: string;
    answer: Answer;
  },
) {
  uc.can('content.view');
  const owner = { teamId: uc.teamId, userId: uc.actor.userId };
  const now = new Date();
  let conversation;
  if (input.conversationId) {
    conversation = await findConversation(uc.tx, owner, input.conversationId);
    await uc.tx
      .update(assistantConversations)
      .set({ updatedAt: now })
      .where(eq(assistantConversations.id, conversation.id));
  } else {
    [conversation] = await uc.tx
      .insert(assistantConversations)
      .values({
        ...owner,
        title: clip(input.question.replace(/\s+/g, ' ')),
        problemId: input.problemId ?? null,
      })
      .returning();
  }
  const [, answer] = await uc.tx
    .insert(assistantMessages)
    .values([
      {
        teamId: uc.teamId,
        conversationId: conversation.id,
        role: 'user',
        content: input.question,
        createdAt: now,
      },
      {
        teamId: uc.teamId,
        conversationId: conversation.id,
        role: 'assistant',
        content: input.answer.content,
        citations: input.answer.citations,
        engine: input.answer.engine,
        createdAt: new Date(now.getTime() + 1),
      },
    ])
    .returning({ id: assistantMessages.id });
  await uc.audit({
    action: 'assistant.question_answered',
    subject: subject(conversation),
    details: {
      engine: input.answer.engine,
      tools: input.answer.tools,
      citations: input.answer.citations.length,
    },
  });
  return { conversation, answerId: answer.id };
}

export async function deleteConversation(uc: UseCase, conversationId: unknown) {
  uc.can('content.view');
  const conversation = await findConversation(
    uc.tx,
    { teamId: uc.teamId, userId: uc.actor.userId },
    conversationId,
  );
  await uc.tx.delete(assistantConversations).where(eq(assistantConversations.id, conversation.id));
  await uc.audit({ action: 'assistant.conversation_deleted', subject: subject(conversation) });
}
