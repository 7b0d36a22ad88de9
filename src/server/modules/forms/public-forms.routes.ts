import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { formResponses, formVersions, stakeholders } from './forms.tables.js';
import { repeatPrefill } from '../../../shared/forms/prefill.js';
import type { PublicFormProps } from '../../../shared/forms/forms.pages.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import type { Db } from '../../platform/db/client.js';
import {
  askedLanguage,
  closedNotice,
  linkByToken,
  liveResponses,
  commitSubmissions,
  prepareSubmissions,
} from './submit.use-cases.js';
import { submissionBatches } from './submit.batches.js';
import { submitSchema, WAVE_RE, type SubmitInput } from '../../../shared/forms/forms.schemas.js';
import {
  acceptedLanguages,
  resolveLanguage,
  textDirection,
} from '../../../shared/forms/translations.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { param } from './forms.routes.js';
import { renderPublicFormDocument, serviceWorkerSource } from './public-form.document.js';
import { teamRefusal } from './team-switches.js';

const publicAccess = { kind: 'public' } as const;

/**
 * The public form page (its own small document and Vite entry, no app shell), its service worker and
 * its submission endpoint (JSON, idempotent by the device's id).
 */
export function registerPublicFormRoutes(app: FastifyInstance, ctx: AppContext) {
  // a static path: it wins over /f/:formToken; its folder /f/ is the worker's scope
  app.get(
    '/f/sw.js',
    { config: { name: 'public-forms.worker', access: publicAccess } },
    async (_request, reply) => {
      const assets = app.clientAssets();
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(
          serviceWorkerSource({
            version: assets.version,
            files: assets.dev ? [] : (assets.publicForm?.files ?? []),
          }),
        );
    },
  );

  app.get(
    '/f/:formToken',
    { config: { name: 'public-forms.show', access: publicAccess } },
    async (request, reply) => {
      const { link, form, projectStatus } = await linkByToken(
        ctx.db,
        param(request, 'formToken'),
        askedLanguage(request),
      );
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
      const language = documentLanguage(request, form);
      reply.header('x-robots-tag', 'noindex').header('Vary', 'Accept-Language');
      const token = link.token;
      const html = renderPublicFormDocument({
        csrfToken: request.csrfToken,
        assets: app.clientAssets().publicForm,
        data: {
          token,
          submitUrl: ctx.routes.url('public-forms.submit', { formToken: token }),
          filesUrl: ctx.routes.url('public-forms.files.store', { formToken: token }),
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
          version: version?.number ?? null,
          wave,
          questions: version?.questions ?? [],
          prefill: await stakeholderPrefill(
            ctx.db,
            link.stakeholderId,
            form.id,
            version?.questions ?? [],
          ),
          // a key, not a sentence: the page says it in its language (and again on a switch)
          closed:
            (await teamRefusal(ctx, ctx.db, form))?.notice ??
            closedNotice(form, projectStatus, await liveResponses(ctx.db, form.id)),
        },
      });
      // the document names the hashed assets of the current build: always revalidated
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(html);
    },
  );

  // submissions to one link arriving together are stored together (one transaction per batch),
  // each batch read and checked while the one before it commits
  const submit = submissionBatches({
    prepare: (
      token,
      items: Array<{ input: SubmitInput; actor: ReturnType<typeof guestActorOf> }>,
    ) =>
      prepareSubmissions(ctx, ctx.db, { token, inputs: items.map((i) => i.input) }).then(
        (prepared) => ({ prepared, actor: items[0].actor }),
      ),
    // a batch the first stage refused whole (an unknown link, answers that do not pass) opens no
    // transaction
    commit: async (_token, { prepared, actor }) =>
      prepared.ready
        ? runGuestUseCase(ctx, actor, (uc) => commitSubmissions(uc, prepared))
        : prepared.out,
  });
  app.post(
    '/f/:formToken',
    { config: { name: 'public-forms.submit', access: publicAccess } },
    async (request, reply) => {
      const input = parseInput(submitSchema, request.body);
      const result = await submit(String(param(request, 'formToken')), {
        input,
        actor: guestActorOf(request),
      });
      return reply.code(result.duplicate ? 200 : 201).send({
        status: result.duplicate ? 'duplicate' : 'created',
        responseId: result.responseId,
        thankYou:
          (input.lang && result.form.settings.thankYouTranslations?.[input.lang]) ||
          result.form.settings.thankYou,
      });
    },
  );
}

/**
 * The document's language: ?lang=, then the browser's Accept-Language, then the form's default (the
 * page checks again with navigator.languages: a document the worker kept offline may be shown to
 * another browser).
 */
export function documentLanguage(
  request: FastifyRequest,
  form: { language: string; languages: string[] },
) {
  const lang = (request.query as Record<string, unknown>).lang;
  return resolveLanguage({
    query: typeof lang === 'string' ? lang.slice(0, 35) : null,
    browser: acceptedLanguages(request.headers['accept-language']),
    available: [form.language, ...form.languages],
    fallback: form.language,
  });
}

/**
 * A personal link's prefilled values: the stakeholder's registration answers whose keys match the
 * form's hidden questions, and for each repeat group (household members) the instances the
 * stakeholder gave last: their latest response to this form (any wave), else their registration
 * answer under the repeat's key (`repeatPrefill`: only the repeat's questions, values it still
 * takes). Nothing else of the stakeholder's record reaches the page. A personal link always gets
 * an object (empty when nothing is known: the page then still learns from what it sends); an open
 * link none.
 */
async function stakeholderPrefill(
  db: Db,
  stakeholderId: string | null,
  formId: string,
  questions: QuestionDef[],
): Promise<PublicFormProps['prefill']> {
  const hidden = questions.filter((q) => q.type === 'hidden').map((q) => q.key);
  const repeats = questions.filter((q) => q.type === 'repeat');
  if (!stakeholderId) return undefined;
  if (!(hidden.length || repeats.length)) return {};
  const [s] = await db
    .select({ answers: stakeholders.answers })
    .from(stakeholders)
    .where(eq(stakeholders.id, stakeholderId));
  const out: NonNullable<PublicFormProps['prefill']> = {};
  for (const k of hidden) {
    const v = s?.answers[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  if (repeats.length) {
    const [last] = await db
      .select({ answers: formResponses.answers })
      .from(formResponses)
      .where(
        and(
          eq(formResponses.formId, formId),
          eq(formResponses.stakeholderId, stakeholderId),
          isNull(formResponses.deletedAt),
        ),
      )
      .orderBy(desc(formResponses.submittedAt), desc(formResponses.seq))
      .limit(1);
    for (const q of repeats) {
      const instances =
        repeatPrefill(q, last?.answers[q.key]) ?? repeatPrefill(q, s?.answers[q.key]);
      if (instances) out[q.key] = instances;
    }
  }
  return out;
}
