import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { cycleMessage, findCycle, linkRefusal, type GraphLink } from '../../../shared/toc/graph.js';
import type {
  CreateLinkInput,
  UpdateLinkInput,
} from '../../../shared/problems/problems.schemas.js';
import { tocElements, tocLinks } from './problems.tables.js';
import {
  findLink,
  findProblem,
  linksOf,
  type ElementRow,
  type LinkRow,
  type Queryable,
} from './problems.queries.js';

/** The elements of this problem by id (another problem's or team's ids are simply absent). */
async function elementsById(db: Queryable, teamId: string, problemId: string) {
  const rows = await db
    .select({ id: tocElements.id, kind: tocElements.kind, title: tocElements.title })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Check a new link from -> to of a problem: both elements must be the problem's (404 otherwise),
 * not the same element, the levels must fit, no duplicate, no loop. Errors land on `field`.
 * Inside a transaction it sees rows written earlier in it (a new element, its first link).
 */
export async function checkNewLink(
  db: Queryable,
  teamId: string,
  problemId: string,
  fromId: string,
  toId: string,
  field = 'toId',
) {
  const all = await elementsById(db, teamId, problemId);
  const titleOf = (id: string) => all.get(id)?.title ?? 'this element';
  const from = all.get(fromId);
  const to = all.get(toId);
  if (!from || !to) throw notFound('Element');
  if (fromId === toId) throw new ValidationError({ [field]: 'An element cannot lead to itself.' });
  const why = linkRefusal(from.kind, to.kind);
  if (why) throw new ValidationError({ [field]: why });
  const links: GraphLink[] = (await linksOf(db, teamId, problemId)).map((l) => ({
    fromId: l.fromId,
    toId: l.toId,
  }));
  if (links.some((l) => l.fromId === fromId && l.toId === toId))
    throw new ValidationError({
      [field]: `“${titleOf(fromId)}” already leads to “${titleOf(toId)}”.`,
    });
  const loop = findCycle(links, fromId, toId);
  if (loop) throw new ValidationError({ [field]: cycleMessage(loop, titleOf) });
}

export async function createLink(
  uc: UseCase,
  input: { problemId: unknown; values: CreateLinkInput },
): Promise<{ link: LinkRow; from: ElementRow; to: ElementRow }> {
  const { tx, teamId } = uc;
  const { fromId, toId } = input.values;
  const { problem, trail } = await findProblem(tx, teamId, input.problemId);
  uc.can('content.create', { project: trail.project });
  await checkNewLink(tx, teamId, problem.id, fromId, toId);
  const [link] = await tx
    .insert(tocLinks)
    .values({
      teamId,
      problemId: problem.id,
      fromId,
      toId,
      assumptions: input.values.assumptions ?? null,
      risks: input.values.risks ?? null,
    })
    .returning();
  const ends = await tx
    .select()
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId)));
  const from = ends.find((e) => e.id === fromId)!;
  const to = ends.find((e) => e.id === toId)!;
  await uc.audit({
    action: 'link.created',
    subject: { type: 'link', id: link.id, label: `${from.title} → ${to.title}` },
    details: { problemId: problem.id, fromId, toId },
  });
  return { link, from, to };
}

/** The link of the team with its label ("from → to"), after the policy allowed `permission` on it. */
async function linkToChange(
  uc: UseCase,
  linkId: unknown,
  permission: 'content.update' | 'content.delete',
) {
  const { link, trail } = await findLink(uc.tx, uc.teamId, linkId);
  uc.can(permission, { project: trail.project });
  const ends = await uc.tx
    .select({ id: tocElements.id, title: tocElements.title })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, link.problemId), eq(tocElements.teamId, uc.teamId)));
  const title = (id: string) => ends.find((e) => e.id === id)?.title ?? '?';
  return { link, problem: trail.problem, label: `${title(link.fromId)} → ${title(link.toId)}` };
}

export async function updateLink(uc: UseCase, input: { linkId: unknown; values: UpdateLinkInput }) {
  const { link, problem, label } = await linkToChange(uc, input.linkId, 'content.update');
  const changes = Object.fromEntries(
    Object.entries(input.values).filter(([, v]) => v !== undefined),
  );
  const [after] = Object.keys(changes).length
    ? await uc.tx
        .update(tocLinks)
        .set(changes)
        .where(and(eq(tocLinks.id, link.id), eq(tocLinks.teamId, uc.teamId)))
        .returning()
    : [link];
  await uc.audit({
    action: 'link.updated',
    subject: { type: 'link', id: link.id, label },
    details: { problemId: link.problemId },
  });
  return { link: after, problem, label };
}

/** Remove a link; its comments go with it (cascade subscribers). */
export async function deleteLink(uc: UseCase, input: { linkId: unknown }) {
  const { link, problem, label } = await linkToChange(uc, input.linkId, 'content.delete');
  await uc.removing('link', [link.id]);
  await uc.tx.delete(tocLinks).where(and(eq(tocLinks.id, link.id), eq(tocLinks.teamId, uc.teamId)));
  await uc.audit({
    action: 'link.deleted',
    subject: { type: 'link', id: link.id, label },
    details: { problemId: link.problemId, fromId: link.fromId, toId: link.toId },
  });
  return { link, problem, label };
}
