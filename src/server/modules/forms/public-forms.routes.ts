import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { formVersions } from './forms.tables.js';
import { closedReason, linkByToken, liveResponses, submitResponse } from './submit.use-cases.js';
import { submitSchema, WAVE_RE } from '../../../shared/forms/forms.schemas.js';
import { dirOf } from '../../../shared/forms/questions.js';
import { and, eq } from 'drizzle-orm';
import { param } from './forms.routes.js';
import { teamRefusal } from './team-switches.js';

const publicAccess = { kind: 'public' } as const;

/** The public form page (no app shell) and its submission endpoint (JSON, idempotent by the device's id). */
export function registerPublicFormRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/f/:formToken',
    { config: { name: 'public-forms.show', access: publicAccess } },
    async (request, reply) => {
      const { link, form, projectStatus } = await linkByToken(ctx.db, param(request, 'formToken'));
      const [version] = form.currentVersion
        ? await ctx.db
            .select()
            .from(formVersions)
            .where(
              and(eq(formVersions.formId, form.id), eq(formVersions.number, form.currentVersion)),
            )
        : [];
      const asked = (request.query as Record<string, unknown>).wave;
      const wave = link.stakeholderId
        ? link.wave
        : typeof asked === 'string' && WAVE_RE.test(asked) && form.waves.includes(asked)
          ? asked
          : null;
      reply.header('x-robots-tag', 'noindex');
      return reply.inertia('public-forms/show', {
        token: link.token,
        form: {
          name: form.name,
          language: form.language,
          dir: dirOf(form.language),
          thankYou: form.settings.thankYou,
        },
        version: version?.number ?? null,
        wave,
        questions: version?.questions ?? [],
        closed:
          (await teamRefusal(ctx, ctx.db, form))?.message ??
          closedReason(form, projectStatus, await liveResponses(ctx.db, form.id)),
      });
    },
  );

  app.post(
    '/f/:formToken',
    { config: { name: 'public-forms.submit', access: publicAccess } },
    async (request, reply) => {
      const input = parseInput(submitSchema, request.body);
      const result = await runGuestUseCase(ctx, guestActorOf(request), (uc) =>
        submitResponse(uc, { token: param(request, 'formToken'), input }),
      );
      return reply.code(result.duplicate ? 200 : 201).send({
        status: result.duplicate ? 'duplicate' : 'created',
        responseId: result.responseId,
        thankYou: result.form.settings.thankYou,
      });
    },
  );
}
