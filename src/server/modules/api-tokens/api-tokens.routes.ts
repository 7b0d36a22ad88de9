import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import type { AppContext } from '../../platform/context.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  createApiTokenSchema,
  updateApiTokenSchema,
} from '../../../shared/api-tokens/api-tokens.schemas.js';
import { ABILITIES } from '../../../shared/permissions.js';
import {
  createApiToken,
  deleteApiToken,
  listApiTokens,
  updateApiTokenAbilities,
} from './api-tokens.service.js';
import { tokenProps } from './api-tokens.props.js';

function owner(request: FastifyRequest) {
  const actor = request.actor!;
  if (!actor.team) throw notFound('Team');
  return { userId: actor.user.id, teamId: actor.team.id };
}

function tokenId(request: FastifyRequest) {
  const id = (request.params as { token?: string }).token ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw notFound('API token');
  return id;
}

export function registerApiTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const access = { kind: 'verified' } as const;

  app.get(
    '/user/api-tokens',
    { config: { name: 'api-tokens.index', access } },
    async (request, reply) => {
      const actor = request.actor!;
      const tokens = actor.team ? await listApiTokens(ctx, actor.user.id, actor.team.id) : [];
      return reply.inertia('api-tokens/index', {
        tokens: tokens.map(tokenProps),
        availableAbilities: [...ABILITIES],
        defaultAbilities: ['read'],
        team: actor.team ? { id: actor.team.id, name: actor.team.name } : null,
      });
    },
  );

  app.post(
    '/user/api-tokens',
    { config: { name: 'api-tokens.store', access, rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const input = parseInput(createApiTokenSchema, request.body);
      if (!request.actor!.team)
        throw new ValidationError({ name: 'Join or create a team before making API tokens.' });
      const { userId, teamId } = owner(request);
      const token = await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        // Better Auth's api-key plugin makes and hashes the key; its insert joins this transaction
        const made = await createApiToken(
          { auth: ctx.auth, db: uc.tx },
          { userId, teamId, name: input.name, abilities: input.abilities },
        );
        await uc.audit({
          action: 'token.created',
          subject: { type: 'api_token', id: made.id, label: input.name },
          details: { name: input.name, abilities: input.abilities },
        });
        return made;
      });
      // the plain text goes to the very next page only, then it is gone
      reply.flash({
        success: 'API token created.',
        data: { token: token.plainText, tokenName: input.name },
      });
      return reply.redirect('/user/api-tokens', 303);
    },
  );

  app.put(
    '/user/api-tokens/:token',
    { config: { name: 'api-tokens.update', access } },
    async (request, reply) => {
      const id = tokenId(request);
      const { userId, teamId } = owner(request);
      const input = parseInput(updateApiTokenSchema, request.body);
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        const { before, after } = await updateApiTokenAbilities(
          { auth: ctx.auth, db: uc.tx },
          userId,
          teamId,
          id,
          input.abilities,
        );
        await uc.audit({
          action: 'token.updated',
          subject: { type: 'api_token', id, label: before.name },
          details: {
            name: before.name,
            abilities: after.abilities,
            previousAbilities: before.abilities,
          },
        });
      });
      reply.flash({ success: 'Token abilities updated.' });
      return reply.redirect('/user/api-tokens', 303);
    },
  );

  app.delete(
    '/user/api-tokens/:token',
    { config: { name: 'api-tokens.destroy', access } },
    async (request, reply) => {
      const id = tokenId(request);
      const { userId, teamId } = owner(request);
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        const token = await deleteApiToken({ auth: ctx.auth, db: uc.tx }, userId, teamId, id);
        await uc.audit({
          action: 'token.deleted',
          subject: { type: 'api_token', id, label: token.name },
          details: { name: token.name, abilities: token.abilities },
        });
      });
      reply.flash({ success: 'API token deleted.' });
      return reply.redirect('/user/api-tokens', 303);
    },
  );
}
