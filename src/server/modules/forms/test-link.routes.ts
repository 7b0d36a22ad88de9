import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import {
  actorOf,
  guestActorOf,
  runGuestUseCase,
  runUseCase,
} from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { allowSameOriginFrames } from '../../platform/http/security-headers.js';
import { submitSchema, WAVE_RE } from '../../../shared/forms/forms.schemas.js';
import { textDirection } from '../../../shared/forms/translations.js';
import { plural } from '../../../shared/format/plural.js';
import { param, remove, update } from './forms.routes.js';
import { documentLanguage } from './public-forms.routes.js';
import { renderPublicFormDocument } from './public-form.document.js';
import {
  createTestLink,
  deleteTestResponses,
  draftDefs,
  formByTestToken,
  submitTestResponse,
} from './test-link.use-cases.js';

const publicAccess = { kind: 'public' } as const;

/** A test submission names no published version: 0 (the draft). */
const testSubmitSchema = submitSchema.extend({
  version: z.literal(0, { error: 'A test response answers the draft: version 0.' }),
});

/**
 * The draft's test link: made from the builder ("Test this draft"), it opens the current draft on
 * the public form page (`/f/test/:testToken`), and its responses are kept apart as tests (listed
 * under the responses page's "Test responses" filter, deleted in one action).
 */
export function registerTestLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/forms/:form/test-link',
    { config: { name: 'forms.test-link.store', access: update } },
    async (request, reply) => {
      const { form } = await runUseCase(ctx, actorOf(request), (uc) =>
        createTestLink(uc, { formId: param(request, 'form') }),
      );
      reply.flash({ success: 'Test link ready: its responses are kept apart as tests.' });
      return reply.redirect(ctx.routes.url('forms.fields', { form: form.id }), 303);
    },
  );

  app.delete(
    '/forms/:form/test-responses',
    { config: { name: 'responses.test.destroy', access: remove } },
    async (request, reply) => {
      const { form, deleted } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteTestResponses(uc, { formId: param(request, 'form') }),
      );
      reply.flash({ success: `${plural(deleted, 'test response')} deleted.` });
      return reply.redirect(ctx.routes.url('responses.index', { form: form.id }), 303);
    },
  );

  app.get(
    '/f/test/:testToken',
    { config: { name: 'public-forms.test.show', access: publicAccess } },
    async (request, reply) => {
      const token = param(request, 'testToken');
      const { form, projectStatus } = await formByTestToken(ctx.db, token);
      const language = documentLanguage(request, form);
      const asked = (request.query as Record<string, unknown>).wave;
      const wave =
        typeof asked === 'string' && WAVE_RE.test(asked) && form.waves.includes(asked)
          ? asked
          : null;
      const html = renderPublicFormDocument({
        csrfToken: request.csrfToken,
        assets: app.clientAssets().publicForm,
        data: {
          token,
          submitUrl: ctx.routes.url('public-forms.test.submit', { testToken: token }),
          // uploads go to a published version's link: a draft's file questions take no file
          filesUrl: '',
          workerUrl: ctx.routes.url('public-forms.worker'),
          form: {
            name: form.name,
            language,
            dir: textDirection(language),
            thankYou: form.settings.thankYou,
            defaultLanguage: form.language,
            languages: form.languages,
            thankYouTranslations: form.settings.thankYouTranslations ?? {},
          },
          version: 0,
          wave,
          questions: await draftDefs(ctx.db, form.id),
          closed: projectStatus === 'archived' ? { key: 'projectArchived' } : null,
          test: true,
        },
      });
      // the builder shows the draft in a phone-sized frame beside it (same origin only)
      allowSameOriginFrames(reply);
      return reply
        .header('x-robots-tag', 'noindex')
        .header('Vary', 'Accept-Language')
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/f/test/:testToken',
    { config: { name: 'public-forms.test.submit', access: publicAccess } },
    async (request, reply) => {
      const input = parseInput(testSubmitSchema, request.body);
      const result = await runGuestUseCase(ctx, guestActorOf(request), (uc) =>
        submitTestResponse(uc, { token: param(request, 'testToken'), input }),
      );
      return reply.code(result.duplicate ? 200 : 201).send({
        status: result.duplicate ? 'duplicate' : 'created',
        responseId: result.responseId,
        test: true,
        thankYou:
          (input.lang && result.form.settings.thankYouTranslations?.[input.lang]) ||
          result.form.settings.thankYou,
      });
    },
  );
}
