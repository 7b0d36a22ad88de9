import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { findProblem } from '../problems/index.js';
import type {
  CreateLearningInput,
  LearningQuestionInput,
  UpdateLearningInput,
} from '../../../shared/learnings/learnings.schemas.js';
import { learningQuestions, learnings } from './learnings.tables.js';
import { checkReferences, findLearning, findQuestion } from './learnings.queries.js';

const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const learningSubject = (l: { id: string; summary: string }) => ({
  type: 'learning',
  id: l.id,
  label: clip(l.summary),
});
const questionSubject = (q: { id: string; text: string }) => ({
  type: 'learning_question',
  id: q.id,
  label: clip(q.text),
});

function values(input: CreateLearningInput, elementId: string | null) {
  return {
    summary: input.summary,
    elementId,
    metricId: input.metricId ?? null,
    questionId: input.questionId ?? null,
    evidence: input.evidence ?? [],
    confidence: input.confidence,
    action: input.action ?? null,
    actionOwnerId: input.actionOwnerId ?? null,
    actionDue: input.actionDue ?? null,
    status: input.status,
  };
}

/** Record a learning on a problem (optionally against one of its elements or metrics, answering a question). */
export async function createLearning(
  uc: UseCase,
  { problemId, input }: { problemId: unknown; input: CreateLearningInput },
) {
  const { problem, trail } = await findProblem(uc.tx, uc.teamId, problemId);
  uc.can('content.create', { project: trail.project });
  const { elementId } = await checkReferences(uc.tx, uc.teamId, problem.id, input);
  const [learning] = await uc.tx
    .insert(learnings)
    .values({
      teamId: uc.teamId,
      problemId: problem.id,
      createdBy: uc.actor.userId,
      ...values(input, elementId),
    })
    .returning();
  await uc.audit({
    action: 'learning.created',
    subject: learningSubject(learning),
    details: { problem: problem.title, confidence: learning.confidence, status: learning.status },
  });
  return learning;
}

export async function updateLearning(
  uc: UseCase,
  { learningId, input }: { learningId: unknown; input: UpdateLearningInput },
) {
  const { learning: before, project } = await findLearning(uc.tx, uc.teamId, learningId);
  uc.can('content.update', { project });
  const { elementId } = await checkReferences(uc.tx, uc.teamId, before.problemId, input);
  const [after] = await uc.tx
    .update(learnings)
    .set({ ...values(input, elementId), updatedAt: new Date() })
    .where(and(eq(learnings.id, before.id), eq(learnings.teamId, uc.teamId)))
    .returning();
  const changed = (Object.keys(values(input, elementId)) as Array<keyof typeof after>).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  await uc.audit({
    action: 'learning.updated',
    subject: learningSubject(after),
    details: { changed, status: after.status },
  });
  return after;
}

export async function deleteLearning(uc: UseCase, { learningId }: { learningId: unknown }) {
  const { learning, project } = await findLearning(uc.tx, uc.teamId, learningId);
  uc.can('content.delete', { project });
  await uc.removing('learning', [learning.id]);
  await uc.tx
    .delete(learnings)
    .where(and(eq(learnings.id, learning.id), eq(learnings.teamId, uc.teamId)));
  await uc.audit({ action: 'learning.deleted', subject: learningSubject(learning) });
  return learning;
}

export async function createQuestion(
  uc: UseCase,
  { problemId, input }: { problemId: unknown; input: LearningQuestionInput },
) {
  const { problem, trail } = await findProblem(uc.tx, uc.teamId, problemId);
  uc.can('content.create', { project: trail.project });
  await checkReferences(uc.tx, uc.teamId, problem.id, { elementId: input.elementId });
  const [question] = await uc.tx
    .insert(learningQuestions)
    .values({
      teamId: uc.teamId,
      problemId: problem.id,
      elementId: input.elementId ?? null,
      text: input.text,
      createdBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'learning_question.created',
    subject: questionSubject(question),
    details: { problem: problem.title },
  });
  return question;
}

export async function updateQuestion(
  uc: UseCase,
  { questionId, input }: { questionId: unknown; input: LearningQuestionInput },
) {
  const { question: before, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.update', { project });
  await checkReferences(uc.tx, uc.teamId, before.problemId, { elementId: input.elementId });
  const [after] = await uc.tx
    .update(learningQuestions)
    .set({ text: input.text, elementId: input.elementId ?? null, updatedAt: new Date() })
    .where(and(eq(learningQuestions.id, before.id), eq(learningQuestions.teamId, uc.teamId)))
    .returning();
  await uc.audit({
    action: 'learning_question.updated',
    subject: questionSubject(after),
    details: { before: before.text },
  });
  return after;
}

/** Delete a question; the learnings that answered it stay (they no longer point at it). */
export async function deleteQuestion(uc: UseCase, { questionId }: { questionId: unknown }) {
  const { question, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.delete', { project });
  await uc.removing('learning_question', [question.id]);
  await uc.tx
    .update(learnings)
    .set({ questionId: null })
    .where(and(eq(learnings.teamId, uc.teamId), eq(learnings.questionId, question.id)));
  await uc.tx
    .delete(learningQuestions)
    .where(and(eq(learningQuestions.id, question.id), eq(learningQuestions.teamId, uc.teamId)));
  await uc.audit({ action: 'learning_question.deleted', subject: questionSubject(question) });
  return question;
}
