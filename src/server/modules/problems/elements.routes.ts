import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  createElementSchema,
  createLinkSchema,
  reorderElementsSchema,
  updateElementSchema,
  updateLinkSchema,
} from '../../../shared/problems/problems.schemas.js';
import { ELEMENT_KIND_LABELS } from '../../../shared/toc/vocabulary.js';
import {
  createElement,
  deleteElement,
  reorderElements,
  updateElement,
} from './elements.use-cases.js';
import { createLink, deleteLink, updateLink } from './links.use-cases.js';
import { describeConsequences } from './consequences.js';
import { elementPageProps } from './element-page.props.js';
import { param, teamId } from './problems.routes.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

/** The full-view tab that lists elements of this kind. */
function tabOf(kind: string) {
  return kind === 'activity' ? 'activities' : kind === 'output' ? 'outputs' : 'outcomes';
}

/** Where the user came from, unless it was the page of something that no longer exists. */
function backUnless(
  request: FastifyRequest,
  reply: FastifyReply,
  gonePath: string,
  fallback: string,
) {
  const ref = request.headers.referer;
  if (ref) {
    try {
      if (new URL(ref).pathname === gonePath) return reply.redirect(fallback, 303);
    } catch {
      /* malformed referer: fall back below */
    }
  }
  return reply.back(fallback);
}

export function registerElementRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/problems/:problem/elements',
    { config: { name: 'elements.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createElementSchema, request.body);
      const { element, linked } = await runUseCase(ctx, actorOf(request), (uc) =>
        createElement(uc, { problemId: param(request, 'problem'), values: input }),
      );
      const label = ELEMENT_KIND_LABELS[element.kind];
      reply.flash({ success: `${label} “${element.title}” added${linked ? ' and linked' : ''}.` });
      return reply.back(`/problems/${element.problemId}?tab=${tabOf(element.kind)}`);
    },
  );

  app.get(
    '/elements/:element',
    { config: { name: 'elements.show', access: view } },
    async (request, reply) => {
      return reply.inertia('elements/show', {
        ...(await elementPageProps(ctx, teamId(request), param(request, 'element'))),
      });
    },
  );

  app.put(
    '/elements/:element',
    { config: { name: 'elements.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateElementSchema, request.body);
      const { after } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateElement(uc, { elementId: param(request, 'element'), values: input }),
      );
      reply.flash({ success: `${ELEMENT_KIND_LABELS[after.kind]} saved.` });
      return reply.back(`/elements/${after.id}`);
    },
  );

  app.delete(
    '/elements/:element',
    { config: { name: 'elements.destroy', access: remove } },
    async (request, reply) => {
      const { element, consequences } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteElement(uc, { elementId: param(request, 'element') }),
      );
      const label = ELEMENT_KIND_LABELS[element.kind];
      reply.flash({
        success: `${label} “${element.title}” deleted, with ${describeConsequences(consequences)}.`,
      });
      return backUnless(
        request,
        reply,
        `/elements/${element.id}`,
        `/problems/${element.problemId}?tab=${tabOf(element.kind)}`,
      );
    },
  );

  app.put(
    '/problems/:problem/elements/order',
    { config: { name: 'elements.reorder', access: update } },
    async (request, reply) => {
      const input = parseInput(reorderElementsSchema, request.body);
      const { problem } = await runUseCase(ctx, actorOf(request), (uc) =>
        reorderElements(uc, { problemId: param(request, 'problem'), order: input }),
      );
      reply.flash({ success: 'New order saved.' });
      return reply.back(`/problems/${problem.id}?tab=${tabOf(input.kind)}`);
    },
  );

  app.post(
    '/problems/:problem/links',
    { config: { name: 'links.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createLinkSchema, request.body);
      const { from, to } = await runUseCase(ctx, actorOf(request), (uc) =>
        createLink(uc, { problemId: param(request, 'problem'), values: input }),
      );
      const label = `${from.title} → ${to.title}`;
      reply.flash({ success: `Linked: ${label}.` });
      return reply.back(`/elements/${from.id}`);
    },
  );

  app.put(
    '/links/:link',
    { config: { name: 'links.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateLinkSchema, request.body);
      const { link } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateLink(uc, { linkId: param(request, 'link'), values: input }),
      );
      reply.flash({ success: 'Link saved.' });
      return reply.back(`/elements/${link.fromId}`);
    },
  );

  app.delete(
    '/links/:link',
    { config: { name: 'links.destroy', access: remove } },
    async (request, reply) => {
      const { link, label } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteLink(uc, { linkId: param(request, 'link') }),
      );
      reply.flash({ success: `Link removed: ${label}.` });
      return reply.back(`/elements/${link.fromId}`);
    },
  );
}
