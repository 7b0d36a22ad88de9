import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { canLink, linkRefusal } from '../../../shared/toc/graph.js';
import { ELEMENT_KIND_LABELS } from '../../../shared/toc/vocabulary.js';
import type {
  CreateElementInput,
  ReorderElementsInput,
  UpdateElementInput,
} from '../../../shared/problems/problems.schemas.js';
import { tocElements, tocLinks } from './problems.tables.js';
import {
  findElement,
  findProblem,
  isTeamMember,
  nextPosition,
  type ElementRow,
  type Queryable,
} from './problems.queries.js';
import { checkNewLink } from './links.use-cases.js';
import { elementConsequences } from './consequences.js';
import { changedKeys, defined } from './problems.use-cases.js';

async function checkOwner(db: Queryable, teamId: string, ownerId: string | null | undefined) {
  if (ownerId && !(await isTeamMember(db, teamId, ownerId)))
    throw new ValidationError({ ownerId: 'Choose a member of this team as the owner.' });
}

/** Create an element; with parentId / childId also the link parent -> new / new -> child, in the same transaction. */
export async function createElement(
  uc: UseCase,
  input: { problemId: unknown; values: CreateElementInput },
): Promise<{ element: ElementRow; linked: number }> {
  const { tx, teamId } = uc;
  const { problem, trail } = await findProblem(tx, teamId, input.problemId);
  uc.can('content.create', { project: trail.project });
  await checkOwner(tx, teamId, input.values.ownerId);
  const { parentId, childId, ...fields } = input.values;
  const position = fields.position ?? (await nextPosition(tx, problem.id, fields.kind));
  const [element] = await tx
    .insert(tocElements)
    .values({
      ...defined(fields),
      kind: fields.kind,
      title: fields.title,
      horizon: fields.kind === 'outcome' ? fields.horizon : null,
      position,
      teamId,
      problemId: problem.id,
    })
    .returning();
  let linked = 0;
  if (parentId) {
    await checkNewLink(tx, teamId, problem.id, parentId, element.id, 'parentId');
    await tx
      .insert(tocLinks)
      .values({ teamId, problemId: problem.id, fromId: parentId, toId: element.id });
    linked++;
  }
  if (childId) {
    await checkNewLink(tx, teamId, problem.id, element.id, childId, 'childId');
    await tx
      .insert(tocLinks)
      .values({ teamId, problemId: problem.id, fromId: element.id, toId: childId });
    linked++;
  }
  await uc.audit({
    action: 'element.created',
    subject: { type: 'element', id: element.id, label: element.title },
    details: {
      problemId: problem.id,
      kind: element.kind,
      horizon: element.horizon,
      parentId: parentId ?? null,
      childId: childId ?? null,
    },
  });
  return { element, linked };
}

export async function updateElement(
  uc: UseCase,
  input: { elementId: unknown; values: UpdateElementInput },
) {
  const { tx, teamId } = uc;
  const values = input.values;
  const { element: before, trail } = await findElement(tx, teamId, input.elementId);
  const problem = trail.problem;
  uc.can('content.update', { project: trail.project });
  await checkOwner(tx, teamId, values.ownerId);
  const kind = values.kind ?? before.kind;
  const horizon = values.horizon !== undefined ? values.horizon : before.horizon;
  if (kind === 'outcome' && !horizon)
    throw new ValidationError({ horizon: 'Choose short, medium or long term for an outcome.' });
  if (kind !== 'outcome' && values.horizon)
    throw new ValidationError({ horizon: 'Only outcomes have a horizon.' });
  const start = values.startDate !== undefined ? values.startDate : before.startDate;
  const end = values.endDate !== undefined ? values.endDate : before.endDate;
  if (start && end && end < start)
    throw new ValidationError({ endDate: 'The end date must be on or after the start date.' });
  if (kind !== before.kind) {
    // the links it has must still fit its new level
    const links = await tx
      .select({ fromId: tocLinks.fromId, toId: tocLinks.toId, fromKind: tocElements.kind })
      .from(tocLinks)
      .innerJoin(tocElements, eq(tocElements.id, tocLinks.fromId))
      .where(
        and(
          eq(tocLinks.teamId, teamId),
          or(eq(tocLinks.fromId, before.id), eq(tocLinks.toId, before.id)),
        ),
      );
    const others = await tx
      .select({ id: tocElements.id, kind: tocElements.kind })
      .from(tocElements)
      .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId)));
    const kindOf = new Map(others.map((o) => [o.id, o.kind]));
    for (const l of links) {
      const ok =
        l.fromId === before.id
          ? canLink(kind, kindOf.get(l.toId)!)
          : canLink(kindOf.get(l.fromId)!, kind);
      if (!ok)
        throw new ValidationError({
          kind: `This ${ELEMENT_KIND_LABELS[before.kind].toLowerCase()} has links that an ${ELEMENT_KIND_LABELS[kind].toLowerCase()} cannot have (${linkRefusal(l.fromId === before.id ? kind : kindOf.get(l.fromId)!, l.fromId === before.id ? kindOf.get(l.toId)! : kind)}) Remove them first.`,
        });
    }
  }
  const changes = defined({ ...values, horizon: kind === 'outcome' ? horizon : null });
  const [after] = await tx
    .update(tocElements)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tocElements.id, before.id), eq(tocElements.teamId, teamId)))
    .returning();
  const changed = changedKeys(changes, before, after);
  await uc.audit({
    action: 'element.updated',
    subject: { type: 'element', id: after.id, label: after.title },
    details: { problemId: after.problemId, kind: after.kind, changed },
  });
  return { before, after, problem, changed };
}

/** Deletes the element with its links, metrics, data points, survey questions and values (foreign keys cascade). */
export async function deleteElement(uc: UseCase, input: { elementId: unknown }) {
  const { element, trail } = await findElement(uc.tx, uc.teamId, input.elementId);
  uc.can('content.delete', { project: trail.project });
  const consequences = await elementConsequences(uc.tx, uc.teamId, element.id);
  // its links and its metrics announce their own removal (comments and the rest go with them)
  await uc.removing('element', [element.id]);
  await uc.tx
    .delete(tocElements)
    .where(and(eq(tocElements.id, element.id), eq(tocElements.teamId, uc.teamId)));
  await uc.audit({
    action: 'element.deleted',
    subject: { type: 'element', id: element.id, label: element.title },
    details: { problemId: element.problemId, kind: element.kind, ...consequences },
  });
  return { element, consequences };
}

/**
 * New order of one kind: the listed ids first, in the order sent, then the others of that kind in
 * their current order. Positions become 0..n-1. An id that is not an element of this kind of this
 * problem is refused on `ids`.
 */
export async function reorderElements(
  uc: UseCase,
  input: { problemId: unknown; order: ReorderElementsInput },
) {
  const { tx, teamId } = uc;
  const { problem, trail } = await findProblem(tx, teamId, input.problemId);
  uc.can('content.update', { project: trail.project });
  const current = await tx
    .select({ id: tocElements.id })
    .from(tocElements)
    .where(
      and(
        eq(tocElements.problemId, problem.id),
        eq(tocElements.teamId, teamId),
        eq(tocElements.kind, input.order.kind),
      ),
    )
    .orderBy(asc(tocElements.position), asc(tocElements.createdAt));
  const known = new Set(current.map((c) => c.id));
  const listed = [...new Set(input.order.ids)];
  if (listed.length !== input.order.ids.length)
    throw new ValidationError({ ids: 'Each element may appear only once.' });
  const stranger = listed.find((id) => !known.has(id));
  if (stranger)
    throw new ValidationError({
      ids: `Only ${ELEMENT_KIND_LABELS[input.order.kind].toLowerCase()} elements of this problem can be reordered here.`,
    });
  const order = [...listed, ...current.map((c) => c.id).filter((id) => !listed.includes(id))];
  // one statement, whatever the number of elements
  const ids = sql.join(
    order.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${tocElements} set position = o.ord - 1 from unnest(array[${ids}]::uuid[]) with ordinality as o(id, ord) where ${tocElements.id} = o.id and ${tocElements.teamId} = ${teamId}`,
  );
  await uc.audit({
    action: 'element.reordered',
    subject: { type: 'problem', id: problem.id, label: problem.title },
    details: { kind: input.order.kind, count: order.length },
  });
  return { problem, order };
}
