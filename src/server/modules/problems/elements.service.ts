import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { canLink, linkRefusal } from '../../../shared/toc/graph.js';
import { ELEMENT_KIND_LABELS, type ElementKind } from '../../../shared/toc/vocabulary.js';
import type { CreateElementInput, ReorderElementsInput, UpdateElementInput } from '../../../shared/problems/problems.schemas.js';
import { tocElements, tocLinks } from './problems.tables.js';
import { assertWritable, findElement, isTeamMember, nextPosition, problemWithProject, type ElementRow, type Queryable } from './problems.queries.js';
import { checkNewLink } from './links.service.js';
import { elementConsequences, type Consequences } from './consequences.js';
import { defined } from './problems.service.js';
import { deleteCommentsOf } from '../comments/index.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/metrics.tables.js';

type Ctx = Pick<AppContext, 'db'>;

async function checkOwner(db: Queryable, teamId: string, ownerId: string | null | undefined) {
  if (ownerId && !(await isTeamMember(db, teamId, ownerId))) throw new ValidationError({ ownerId: 'Choose a member of this team as the owner.' });
}

/** Create an element; with parentId / childId also the link parent -> new / new -> child, in the same transaction. */
export async function createElement(ctx: Ctx, teamId: string, problemId: unknown, input: CreateElementInput): Promise<{ element: ElementRow; linked: number }> {
  return ctx.db.transaction(async (tx) => {
    const { problem, project } = await problemWithProject(tx, teamId, problemId);
    assertWritable(project);
    await checkOwner(tx, teamId, input.ownerId);
    const { parentId, childId, ...fields } = input;
    const position = fields.position ?? (await nextPosition(tx, problem.id, fields.kind));
    const [element] = await tx
      .insert(tocElements)
      .values({ ...defined(fields), kind: fields.kind, title: fields.title, horizon: fields.kind === 'outcome' ? fields.horizon : null, position, teamId, problemId: problem.id })
      .returning();
    let linked = 0;
    if (parentId) {
      await checkNewLink(tx, teamId, problem.id, parentId, element.id, 'parentId');
      await tx.insert(tocLinks).values({ teamId, problemId: problem.id, fromId: parentId, toId: element.id });
      linked++;
    }
    if (childId) {
      await checkNewLink(tx, teamId, problem.id, element.id, childId, 'childId');
      await tx.insert(tocLinks).values({ teamId, problemId: problem.id, fromId: element.id, toId: childId });
      linked++;
    }
    return { element, linked };
  });
}

async function elementInWritableProject(db: Queryable, teamId: string, elementId: unknown) {
  const element = await findElement(db, teamId, elementId);
  const { problem, project } = await problemWithProject(db, teamId, element.problemId);
  assertWritable(project);
  return { element, problem, project };
}

export async function updateElement(ctx: Ctx, teamId: string, elementId: unknown, input: UpdateElementInput) {
  return ctx.db.transaction(async (tx) => {
    const { element: before, problem } = await elementInWritableProject(tx, teamId, elementId);
    await checkOwner(tx, teamId, input.ownerId);
    const kind = (input.kind ?? before.kind) as ElementKind;
    const horizon = input.horizon !== undefined ? input.horizon : before.horizon;
    if (kind === 'outcome' && !horizon) throw new ValidationError({ horizon: 'Choose short, medium or long term for an outcome.' });
    if (kind !== 'outcome' && input.horizon) throw new ValidationError({ horizon: 'Only outcomes have a horizon.' });
    const start = input.startDate !== undefined ? input.startDate : before.startDate;
    const end = input.endDate !== undefined ? input.endDate : before.endDate;
    if (start && end && end < start) throw new ValidationError({ endDate: 'The end date must be on or after the start date.' });
    if (kind !== before.kind) {
      // the links it has must still fit its new level
      const links = await tx
        .select({ fromId: tocLinks.fromId, toId: tocLinks.toId, fromKind: tocElements.kind })
        .from(tocLinks)
        .innerJoin(tocElements, eq(tocElements.id, tocLinks.fromId))
        .where(and(eq(tocLinks.teamId, teamId), or(eq(tocLinks.fromId, before.id), eq(tocLinks.toId, before.id))));
      const others = await tx.select({ id: tocElements.id, kind: tocElements.kind }).from(tocElements).where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId)));
      const kindOf = new Map(others.map((o) => [o.id, o.kind as ElementKind]));
      for (const l of links) {
        const ok = l.fromId === before.id ? canLink(kind, kindOf.get(l.toId)!) : canLink(kindOf.get(l.fromId)!, kind);
        if (!ok)
          throw new ValidationError({
            kind: `This ${ELEMENT_KIND_LABELS[before.kind as ElementKind].toLowerCase()} has links that an ${ELEMENT_KIND_LABELS[kind].toLowerCase()} cannot have (${linkRefusal(l.fromId === before.id ? kind : kindOf.get(l.fromId)!, l.fromId === before.id ? kindOf.get(l.toId)! : kind)}) Remove them first.`,
          });
      }
    }
    const changes = defined({ ...input, horizon: kind === 'outcome' ? horizon : null });
    const [after] = await tx
      .update(tocElements)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(tocElements.id, before.id), eq(tocElements.teamId, teamId)))
      .returning();
    const changed = Object.keys(changes).filter((k) => (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k]);
    return { before, after, problem, changed };
  });
}

/** Deletes the element with its links, metrics, data points, survey questions and values (foreign keys cascade). */
export async function deleteElement(ctx: Ctx, teamId: string, elementId: unknown): Promise<{ element: ElementRow; consequences: Consequences }> {
  return ctx.db.transaction(async (tx) => {
    const { element } = await elementInWritableProject(tx, teamId, elementId);
    const consequences = await elementConsequences(tx, teamId, element.id);
    await deleteElementComments(tx, teamId, element.id);
    await tx.delete(tocElements).where(and(eq(tocElements.id, element.id), eq(tocElements.teamId, teamId)));
    return { element, consequences };
  });
}

/**
 * New order of one kind: the listed ids first, in the order sent, then the others of that kind in
 * their current order. Positions become 0..n-1. An id that is not an element of this kind of this
 * problem is refused on `ids`.
 */
export async function reorderElements(ctx: Ctx, teamId: string, problemId: unknown, input: ReorderElementsInput) {
  return ctx.db.transaction(async (tx) => {
    const { problem, project } = await problemWithProject(tx, teamId, problemId);
    assertWritable(project);
    const current = await tx
      .select({ id: tocElements.id })
      .from(tocElements)
      .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId), eq(tocElements.kind, input.kind)))
      .orderBy(asc(tocElements.position), asc(tocElements.createdAt));
    const known = new Set(current.map((c) => c.id));
    const listed = [...new Set(input.ids)];
    if (listed.length !== input.ids.length) throw new ValidationError({ ids: 'Each element may appear only once.' });
    const stranger = listed.find((id) => !known.has(id));
    if (stranger) throw new ValidationError({ ids: `Only ${ELEMENT_KIND_LABELS[input.kind].toLowerCase()} elements of this problem can be reordered here.` });
    const order = [...listed, ...current.map((c) => c.id).filter((id) => !listed.includes(id))];
    // one statement, whatever the number of elements
    const ids = sql.join(
      order.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${tocElements} set position = o.ord - 1 from unnest(array[${ids}]::uuid[]) with ordinality as o(id, ord) where ${tocElements.id} = o.id and ${tocElements.teamId} = ${teamId}`,
    );
    return { problem, order };
  });
}

/** Comments have no foreign key to their subject: remove those on the element, its links and everything measured under it. */
async function deleteElementComments(tx: Queryable, teamId: string, elementId: string) {
  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
  const metricIds = await ids(tx.select({ id: metrics.id }).from(metrics).where(and(eq(metrics.teamId, teamId), eq(metrics.elementId, elementId))));
  const dataPointIds = metricIds.length ? await ids(tx.select({ id: dataPoints.id }).from(dataPoints).where(and(eq(dataPoints.teamId, teamId), inArray(dataPoints.metricId, metricIds)))) : [];
  const questionIds = dataPointIds.length ? await ids(tx.select({ id: surveyQuestions.id }).from(surveyQuestions).where(and(eq(surveyQuestions.teamId, teamId), inArray(surveyQuestions.dataPointId, dataPointIds)))) : [];
  const linkIds = await ids(tx.select({ id: tocLinks.id }).from(tocLinks).where(and(eq(tocLinks.teamId, teamId), or(eq(tocLinks.fromId, elementId), eq(tocLinks.toId, elementId)))));
  await deleteCommentsOf(tx, teamId, 'element', [elementId]);
  await deleteCommentsOf(tx, teamId, 'link', linkIds);
  await deleteCommentsOf(tx, teamId, 'metric', metricIds);
  await deleteCommentsOf(tx, teamId, 'data_point', dataPointIds);
  await deleteCommentsOf(tx, teamId, 'survey_question', questionIds);
}
