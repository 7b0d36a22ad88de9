import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { cycleMessage, findCycle, linkRefusal, type GraphLink } from '../../../shared/toc/graph.js';
import type { ElementKind } from '../../../shared/toc/vocabulary.js';
import type { CreateLinkInput, UpdateLinkInput } from '../../../shared/problems/problems.schemas.js';
import { tocElements, tocLinks } from './problems.tables.js';
import { assertWritable, findLink, linksOf, problemWithProject, type ElementRow, type LinkRow, type Queryable } from './problems.queries.js';

type Ctx = Pick<AppContext, 'db'>;

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
export async function checkNewLink(db: Queryable, teamId: string, problemId: string, fromId: string, toId: string, field = 'toId') {
  const all = await elementsById(db, teamId, problemId);
  const titleOf = (id: string) => all.get(id)?.title ?? 'this element';
  const from = all.get(fromId);
  const to = all.get(toId);
  if (!from || !to) throw notFound('Element');
  if (fromId === toId) throw new ValidationError({ [field]: 'An element cannot lead to itself.' });
  const why = linkRefusal(from.kind as ElementKind, to.kind as ElementKind);
  if (why) throw new ValidationError({ [field]: why });
  const links: GraphLink[] = (await linksOf(db, teamId, problemId)).map((l) => ({ fromId: l.fromId, toId: l.toId }));
  if (links.some((l) => l.fromId === fromId && l.toId === toId)) throw new ValidationError({ [field]: `“${titleOf(fromId)}” already leads to “${titleOf(toId)}”.` });
  const loop = findCycle(links, fromId, toId);
  if (loop) throw new ValidationError({ [field]: cycleMessage(loop, titleOf) });
}

export async function createLink(ctx: Ctx, teamId: string, problemId: unknown, input: CreateLinkInput): Promise<{ link: LinkRow; from: ElementRow; to: ElementRow }> {
  return ctx.db.transaction(async (tx) => {
    const { problem, project } = await problemWithProject(tx, teamId, problemId);
    assertWritable(project);
    await checkNewLink(tx, teamId, problem.id, input.fromId, input.toId);
    const [link] = await tx
      .insert(tocLinks)
      .values({ teamId, problemId: problem.id, fromId: input.fromId, toId: input.toId, assumptions: input.assumptions ?? null, risks: input.risks ?? null })
      .returning();
    const ends = await tx.select().from(tocElements).where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId)));
    return { link, from: ends.find((e) => e.id === input.fromId)!, to: ends.find((e) => e.id === input.toId)! };
  });
}

async function linkInWritableProject(db: Queryable, teamId: string, linkId: unknown) {
  const link = await findLink(db, teamId, linkId);
  const { problem, project } = await problemWithProject(db, teamId, link.problemId);
  assertWritable(project);
  const ends = await db
    .select({ id: tocElements.id, title: tocElements.title })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.teamId, teamId)));
  const title = (id: string) => ends.find((e) => e.id === id)?.title ?? '?';
  return { link, problem, label: `${title(link.fromId)} → ${title(link.toId)}` };
}

export async function updateLink(ctx: Ctx, teamId: string, linkId: unknown, input: UpdateLinkInput) {
  return ctx.db.transaction(async (tx) => {
    const { link, problem, label } = await linkInWritableProject(tx, teamId, linkId);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [after] = Object.keys(changes).length ? await tx.update(tocLinks).set(changes).where(and(eq(tocLinks.id, link.id), eq(tocLinks.teamId, teamId))).returning() : [link];
    return { link: after, problem, label };
  });
}

export async function deleteLink(ctx: Ctx, teamId: string, linkId: unknown) {
  return ctx.db.transaction(async (tx) => {
    const { link, problem, label } = await linkInWritableProject(tx, teamId, linkId);
    await tx.delete(tocLinks).where(and(eq(tocLinks.id, link.id), eq(tocLinks.teamId, teamId)));
    return { link, problem, label };
  });
}
