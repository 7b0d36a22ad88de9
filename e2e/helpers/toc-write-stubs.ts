import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../src/server/platform/errors.js';
import { tocElements, tocLinks } from '../../src/server/modules/problems/problems.tables.js';

/**
 * Until the problems module's element and link routes are in this build, the diagram e2e needs
 * something to talk to: minimal stand-ins with the contract's names, URLs and bodies (no audit, no
 * checks beyond the team and a cycle). Each is added only when the real route is missing, so after
 * the merge the same test drives the real routes.
 */
export function addMissingTocWriteRoutes(app: FastifyInstance) {
  const has = (name: string) => app.ctx.routes.byName.has(name);
  const team = (r: { actor?: { team?: { id: string } | null } | null }) => r.actor!.team!.id;
  const write = { kind: 'team', permission: 'content.create' } as const;
  type Body = Record<string, string | undefined>;

  if (!has('elements.store'))
    app.post('/problems/:problem/elements', { config: { name: 'elements.store', access: write } }, async (request, reply) => {
      const b = request.body as Body;
      const { problem } = request.params as { problem: string };
      if (!b.title?.trim()) throw new ValidationError({ title: 'Give the element a title.' });
      await app.ctx.db.insert(tocElements).values({ teamId: team(request), problemId: problem, kind: b.kind!, horizon: b.horizon ?? null, title: b.title.trim() });
      reply.flash({ success: 'Element added.' });
      return reply.back();
    });
  if (!has('elements.update'))
    app.put('/elements/:element', { config: { name: 'elements.update', access: { kind: 'team', permission: 'content.update' } } }, async (request, reply) => {
      const b = request.body as Body;
      const { element } = request.params as { element: string };
      await app.ctx.db.update(tocElements).set({ title: b.title, status: b.status, description: b.description ?? null, assumptions: b.assumptions ?? null, risks: b.risks ?? null }).where(and(eq(tocElements.id, element), eq(tocElements.teamId, team(request))));
      reply.flash({ success: 'Element saved.' });
      return reply.back();
    });
  if (!has('elements.destroy'))
    app.delete('/elements/:element', { config: { name: 'elements.destroy', access: { kind: 'team', permission: 'content.delete' } } }, async (request, reply) => {
      const { element } = request.params as { element: string };
      await app.ctx.db.delete(tocElements).where(and(eq(tocElements.id, element), eq(tocElements.teamId, team(request))));
      reply.flash({ success: 'Element deleted.' });
      return reply.back();
    });
  if (!has('links.store'))
    app.post('/problems/:problem/links', { config: { name: 'links.store', access: write } }, async (request, reply) => {
      const b = request.body as Body;
      const { problem } = request.params as { problem: string };
      const links = await app.ctx.db.select({ fromId: tocLinks.fromId, toId: tocLinks.toId }).from(tocLinks).where(eq(tocLinks.problemId, problem));
      // is `fromId` reachable from `toId`? then the new link closes a cycle
      const seen = new Set<string>();
      const stack = [b.toId!];
      while (stack.length) {
        const id = stack.pop()!;
        if (id === b.fromId) throw new ValidationError({ toId: 'This link would create a loop.' });
        if (seen.has(id)) continue;
        seen.add(id);
        for (const l of links) if (l.fromId === id) stack.push(l.toId);
      }
      await app.ctx.db.insert(tocLinks).values({ teamId: team(request), problemId: problem, fromId: b.fromId!, toId: b.toId! });
      reply.flash({ success: 'Link added.' });
      return reply.back();
    });
  if (!has('links.destroy'))
    app.delete('/links/:link', { config: { name: 'links.destroy', access: { kind: 'team', permission: 'content.delete' } } }, async (request, reply) => {
      const { link } = request.params as { link: string };
      await app.ctx.db.delete(tocLinks).where(and(eq(tocLinks.id, link), eq(tocLinks.teamId, team(request))));
      return reply.back();
    });
}
