import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { discoverThemesSchema, themeToCodeSchema } from '../../../shared/coding/themes.js';
import { startDiscovery, themeToCode } from './coding.themes.use-cases.js';

const update = { kind: 'team', permission: 'content.update' } as const;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];

/** Theme discovery on an intelligent column: start a discovery, turn a theme into a code. */
export function registerThemesRoutes(app: FastifyInstance, ctx: AppContext) {
  const columnUrl = (id: string) => ctx.routes.url('intelligent-columns.show', { column: id });
  app.post(
    '/intelligent-columns/:column/themes',
    { config: { name: 'intelligent-columns.themes-discover', access: update } },
    async (request, reply) => {
      const input = parseInput(discoverThemesSchema, request.body);
      const run = await runUseCase(ctx, actorOf(request), (uc) =>
        startDiscovery(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: 'Theme discovery started; the page shows its progress.' });
      return reply.redirect(columnUrl(run.columnId), 303);
    },
  );
  app.post(
    '/intelligent-columns/:column/themes/:theme/code',
    { config: { name: 'intelligent-columns.theme-code', access: update } },
    async (request, reply) => {
      const input = parseInput(themeToCodeSchema, request.body);
      const { column, code, number } = await runUseCase(ctx, actorOf(request), (uc) =>
        themeToCode(uc, {
          columnId: param(request, 'column'),
          themeId: param(request, 'theme'),
          input,
        }),
      );
      reply.flash({
        success: `“${code.label}” is in codebook version ${number}. Run coding to apply it.`,
      });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
}
