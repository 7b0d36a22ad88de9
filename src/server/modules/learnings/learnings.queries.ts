import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { findProblem } from '../problems/index.js';
import { tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { learningQuestions, learnings } from './learnings.tables.js';
import type { LearningsTab } from '../../../shared/learnings/learnings.js';

/** A learning of the team with the project the policy needs, or 404. */
export async function findLearning(db: Db, teamId: string, learningId: unknown) {
  const id = idOr404(learningId, 'Learning');
  const [row] = await db
    .select()
    .from(learnings)
    .where(and(eq(learnings.id, id), eq(learnings.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Learning');
  const { trail } = await findProblem(db, teamId, row.problemId);
  return { learning: row, project: trail.project };
}

/** A learning question of the team with its project, or 404. */
export async function findQuestion(db: Db, teamId: string, questionId: unknown) {
  const id = idOr404(questionId, 'Learning question');
  const [row] = await db
    .select()
    .from(learningQuestions)
    .where(and(eq(learningQuestions.id, id), eq(learningQuestions.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Learning question');
  const { trail } = await findProblem(db, teamId, row.problemId);
  return { question: row, project: trail.project };
}

/**
 * What a learning points at must belong to its problem (and the owner to the team): each
 * reference is checked, a foreign one is a field error, never a link to another team's record.
 * A metric brings its element along.
 */
export async function checkReferences(
  db: Db,
  teamId: string,
  problemId: string,
  refs: {
    elementId?: string | null;
    metricId?: string | null;
    questionId?: string | null;
    actionOwnerId?: string | null;
  },
) {
  const errors: Record<string, string> = {};
  let elementId = refs.elementId ?? null;
  if (refs.metricId) {
    const [m] = await db
      .select({ elementId: metrics.elementId })
      .from(metrics)
      .where(
        and(
          eq(metrics.id, refs.metricId),
          eq(metrics.teamId, teamId),
          eq(metrics.problemId, problemId),
        ),
      );
    if (!m) errors.metricId = 'Choose a metric of this problem.';
    else elementId = m.elementId;
  }
  if (elementId && !errors.metricId) {
    const [e] = await db
      .select({ id: tocElements.id })
      .from(tocElements)
      .where(
        and(
          eq(tocElements.id, elementId),
          eq(tocElements.teamId, teamId),
          eq(tocElements.problemId, problemId),
        ),
      );
    if (!e) errors.elementId = 'Choose an element of this problem.';
  }
  if (refs.questionId) {
    const [q] = await db
      .select({ id: learningQuestions.id })
      .from(learningQuestions)
      .where(
        and(
          eq(learningQuestions.id, refs.questionId),
          eq(learningQuestions.teamId, teamId),
          eq(learningQuestions.problemId, problemId),
        ),
      );
    if (!q) errors.questionId = 'Choose a learning question of this problem.';
  }
  if (refs.actionOwnerId) {
    const [m] = await db
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, refs.actionOwnerId)),
      );
    if (!m) errors.actionOwnerId = 'Choose a member of this team.';
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { elementId };
}

const owner = alias(users, 'learning_owner');
const author = alias(users, 'learning_author');

/** The problem's Learnings tab: learnings newest first, questions oldest first, the pickers' options. Five queries. */
export async function learningsTabOf(
  db: Db,
  teamId: string,
  problemId: string,
): Promise<LearningsTab> {
  const [rows, questions, elements, metricRows, members] = await Promise.all([
    db
      .select({
        l: learnings,
        ownerName: owner.name,
        authorName: author.name,
        metricName: metrics.name,
      })
      .from(learnings)
      .leftJoin(owner, eq(owner.id, learnings.actionOwnerId))
      .leftJoin(author, eq(author.id, learnings.createdBy))
      .leftJoin(metrics, eq(metrics.id, learnings.metricId))
      .where(and(eq(learnings.teamId, teamId), eq(learnings.problemId, problemId)))
      .orderBy(desc(learnings.createdAt))
      .limit(500),
    db
      .select()
      .from(learningQuestions)
      .where(and(eq(learningQuestions.teamId, teamId), eq(learningQuestions.problemId, problemId)))
      .orderBy(asc(learningQuestions.createdAt))
      .limit(200),
    db
      .select({ id: tocElements.id, kind: tocElements.kind, title: tocElements.title })
      .from(tocElements)
      .where(and(eq(tocElements.teamId, teamId), eq(tocElements.problemId, problemId)))
      .orderBy(asc(tocElements.kind), asc(tocElements.position)),
    db
      .select({ id: metrics.id, name: metrics.name, elementId: metrics.elementId })
      .from(metrics)
      .where(and(eq(metrics.teamId, teamId), eq(metrics.problemId, problemId)))
      .orderBy(asc(metrics.position), asc(metrics.createdAt)),
    db
      .select({ id: users.id, name: users.name })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.organizationId, teamId))
      .orderBy(asc(users.name)),
  ]);
  const elementOf = new Map(elements.map((e) => [e.id, e]));
  return {
    learnings: rows.map(({ l, ownerName, authorName, metricName }) => ({
      id: l.id,
      summary: l.summary,
      element: l.elementId ? (elementOf.get(l.elementId) ?? null) : null,
      metric: l.metricId ? { id: l.metricId, name: metricName ?? '' } : null,
      questionId: l.questionId,
      evidence: l.evidence,
      confidence: l.confidence,
      action: l.action,
      actionOwner: l.actionOwnerId ? { id: l.actionOwnerId, name: ownerName ?? '' } : null,
      actionDue: l.actionDue,
      status: l.status,
      createdBy: authorName,
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    })),
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text,
      element: q.elementId ? (elementOf.get(q.elementId) ?? null) : null,
      answeredBy: rows.filter((r) => r.l.questionId === q.id).map((r) => r.l.id),
      createdAt: q.createdAt.toISOString(),
    })),
    options: { elements, metrics: metricRows, members },
  };
}

/** Cascades: a removed element or metric leaves its learnings on the problem (or the metric's element). */
export async function detachFromElements(db: Db, teamId: string, elementIds: string[]) {
  const inTeam = (col: typeof learnings.elementId) =>
    and(eq(learnings.teamId, teamId), inArray(col, elementIds));
  await db
    .update(learnings)
    .set({ elementId: null, metricId: null })
    .where(inTeam(learnings.elementId));
  await db
    .update(learningQuestions)
    .set({ elementId: null })
    .where(
      and(eq(learningQuestions.teamId, teamId), inArray(learningQuestions.elementId, elementIds)),
    );
}
export async function detachFromMetrics(db: Db, teamId: string, metricIds: string[]) {
  await db
    .update(learnings)
    .set({ metricId: null })
    .where(and(eq(learnings.teamId, teamId), inArray(learnings.metricId, metricIds)));
}
/** Cascades: a removed problem takes its learnings and questions (and their comments) with it. */
export async function learningIdsOf(db: Db, teamId: string, problemIds: string[]) {
  const [ls, qs] = await Promise.all([
    db
      .select({ id: learnings.id })
      .from(learnings)
      .where(and(eq(learnings.teamId, teamId), inArray(learnings.problemId, problemIds))),
    db
      .select({ id: learningQuestions.id })
      .from(learningQuestions)
      .where(
        and(eq(learningQuestions.teamId, teamId), inArray(learningQuestions.problemId, problemIds)),
      ),
  ]);
  return { learnings: ls.map((r) => r.id), questions: qs.map((r) => r.id) };
}
export async function deleteLearningsOf(db: Db, teamId: string, problemIds: string[]) {
  await db
    .delete(learnings)
    .where(and(eq(learnings.teamId, teamId), inArray(learnings.problemId, problemIds)));
  await db
    .delete(learningQuestions)
    .where(
      and(eq(learningQuestions.teamId, teamId), inArray(learningQuestions.problemId, problemIds)),
    );
}
