import { createReadStream, existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ValidationError, fail, notFound } from '../../platform/errors.js';
import { headOf, isPdf, receiveFile } from '../../platform/files/receive.js';
import { IMAGE_LIMITS, sniffImage } from '../../platform/files/image-sniff.js';
import { sniffAudio } from '../../platform/files/audio-sniff.js';
import { removeStored } from '../../platform/files/uploads.js';
import {
  actorOf,
  guestActorOf,
  runGuestUseCase,
  runUseCase,
} from '../../platform/use-case/index.js';
import {
  FILE_MAX_MB_CAP,
  MB,
  fileSettings,
  tooLargeMessage,
  wrongTypeMessage,
  type FileSettings,
} from '../../../shared/forms/files.js';
import { QUESTION_KEY_RE, type QuestionDef } from '../../../shared/forms/questions.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';
import { say, type PageText } from '../../../shared/forms/page-text/format.js';
import { formVersions } from './forms.tables.js';
import { param, teamOf, update, view } from './forms.routes.js';
import { askedLanguage, closedReason, linkByToken, liveResponses } from './submit.use-cases.js';
import { teamRefusal } from './team-switches.js';
import {
  formFilePath,
  pruneUnattachedFiles,
  recordReplacementUpload,
  recordUpload,
  responseFileQuestion,
  teamResponseFile,
} from './form-files.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'forms.prune-unattached-files': Record<string, never>;
  }
}

const publicAccess = { kind: 'public' } as const;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The words a public upload is answered in: `?lang=` (the language the respondent chose, which the
 * page's outbox sends, as it sends `lang` with the answers), else the form's default.
 */
function uploadText(request: FastifyRequest, form: { language: string }): PageText {
  return pageTextFor(askedLanguage(request) ?? form.language);
}

/** Which question of which version the upload answers: `?question=<key>&version=<n>` */
function target(request: FastifyRequest, t: PageText) {
  const q = request.query as Record<string, unknown>;
  const key = typeof q.question === 'string' ? q.question : '';
  const version = typeof q.version === 'string' ? Number(q.version) : NaN;
  if (!QUESTION_KEY_RE.test(key) || !Number.isSafeInteger(version) || version < 1)
    throw new ValidationError({ question: say(t, 'uploadTarget') });
  return { key, version };
}

/** The type read from the bytes, if the question accepts it; else the message for the question. */
function sniffed(
  head: Buffer,
  s: FileSettings,
  t: PageText,
): { type: string } | { message: string } {
  const image = sniffImage(head);
  const type = image.ok
    ? image.type
    : isPdf(head)
      ? 'application/pdf'
      : s.kinds === 'audio'
        ? sniffAudio(head)
        : null;
  const photos = s.kinds === 'photo' || s.kinds === 'any';
  // a photo whose header unpacks to a huge bitmap (a decompression bomb), or cannot be read
  if (!type && photos && !image.ok && image.reason === 'too-large')
    return {
      message: say(t, 'fileImageTooLarge', {
        width: image.width,
        height: image.height,
        side: IMAGE_LIMITS.side,
        megapixels: IMAGE_LIMITS.pixels / 1_000_000,
      }),
    };
  if (!type && photos && !image.ok && image.reason === 'unreadable')
    return { message: say(t, 'fileDamaged') };
  if (!type || !(s.types as readonly string[]).includes(type))
    return { message: wrongTypeMessage(s, t) };
  return { type };
}

/** The name a download gets: the respondent's, without quotes, slashes or control characters. */
const safeName = (name: string) =>
  [...name]
    .map((ch) =>
      ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '"\\/'.includes(ch) ? '_' : ch,
    )
    .join('')
    .slice(0, 200) || 'file';

/**
 * Receive one file for a file question (the public upload and a reviewer's replacement alike): the
 * question's size limit while streaming, its accepted types sniffed from the bytes. Returns the
 * stored file's row fields; a refused file leaves nothing on disk.
 */
async function receiveFormFile(
  ctx: AppContext,
  request: FastifyRequest,
  formId: string,
  question: QuestionDef,
  t: PageText,
) {
  const key = question.key;
  const settings = fileSettings(question);
  const id = crypto.randomUUID();
  const to = formFilePath(ctx.config.dataDir, formId, id);
  const { size, filename, mimetype } = await receiveFile(request, to, {
    maxBytes: settings.maxMb * MB,
    field: key,
    choose: wrongTypeMessage(settings, t),
    tooLarge: tooLargeMessage(settings, t),
    unreadable: say(t, 'uploadUnreadable'),
    empty: say(t, 'fileEmpty'),
  });
  try {
    const found = sniffed(await headOf(to), settings, t);
    if ('message' in found) throw new ValidationError({ [key]: found.message });
    // a file whose bytes are not what the browser said it is (a PNG sent as a PDF)
    if (mimetype !== found.type && (settings.types as readonly string[]).includes(mimetype))
      throw new ValidationError({
        [key]: `${say(t, 'fileMismatch', { type: mimetype })} ${wrongTypeMessage(settings, t)}`,
      });
    return {
      id,
      questionKey: key,
      name: filename.trim().slice(0, 255) || 'file',
      size,
      contentType: found.type,
    };
  } catch (err) {
    await removeStored(to);
    throw err;
  }
}

/**
 * File / photo questions: the public upload (before the submission, through the form's link) and
 * the team's download of a response's file; the periodic prune of uploads never attached.
 */
export async function registerFormFileRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: FILE_MAX_MB_CAP * MB, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    scope.post(
      '/f/:formToken/files',
      {
        config: {
          name: 'public-forms.files.store',
          access: publicAccess,
          rateLimit: { max: 60, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const { link, form, projectStatus } = await linkByToken(
          ctx.db,
          param(request, 'formToken'),
          askedLanguage(request),
        );
        // answered in the respondent's language, as the submission is
        const t = uploadText(request, form);
        const { key, version } = target(request, t);
        const refused =
          (await teamRefusal(ctx, ctx.db, form, t))?.message ??
          closedReason(form, projectStatus, await liveResponses(ctx.db, form.id), t);
        if (refused) throw fail('CONFLICT', refused);
        const [v] = await ctx.db
          .select({ questions: formVersions.questions })
          .from(formVersions)
          .where(and(eq(formVersions.formId, form.id), eq(formVersions.number, version)))
          .limit(1);
        const question = v?.questions.find((q) => q.key === key && q.type === 'file');
        if (!question) throw new ValidationError({ question: say(t, 'uploadNoQuestion') });
        const stored = await receiveFormFile(ctx, request, form.id, question, t);
        try {
          const answer = await runGuestUseCase(ctx, guestActorOf(request), (uc) =>
            recordUpload(uc, { ...stored, teamId: form.teamId, formId: link.formId }),
          );
          return reply.code(201).send(answer);
        } catch (err) {
          await removeStored(formFilePath(ctx.config.dataDir, form.id, stored.id));
          throw err;
        }
      },
    );

    // a reviewer's replacement for a response's file (the edit attaches it when saved)
    scope.post(
      '/form-responses/:formResponse/questions/:question/file',
      {
        config: {
          name: 'responses.files.store',
          access: update,
          rateLimit: { max: 60, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const teamId = teamOf(request);
        const responseId = param(request, 'formResponse');
        const key = param(request, 'question');
        if (!QUESTION_KEY_RE.test(key))
          throw new ValidationError({ question: 'Say which file question the file answers.' });
        const question = await responseFileQuestion(ctx.db, teamId, responseId, key);
        // a reviewer's replacement: the team's page speaks English
        const stored = await receiveFormFile(
          ctx,
          request,
          question.formId,
          question.q,
          pageTextFor('en'),
        );
        try {
          const answer = await runUseCase(ctx, actorOf(request), (uc) =>
            recordReplacementUpload(uc, { ...stored, responseId }),
          );
          return reply.code(201).send(answer);
        } catch (err) {
          await removeStored(formFilePath(ctx.config.dataDir, question.formId, stored.id));
          throw err;
        }
      },
    );
  });

  app.get(
    '/form-responses/:formResponse/files/:file',
    { config: { name: 'responses.files.show', access: view } },
    async (request, reply) => {
      const file = await teamResponseFile(
        ctx.db,
        teamOf(request),
        param(request, 'formResponse'),
        param(request, 'file'),
      );
      const p = formFilePath(ctx.config.dataDir, file.formId, file.id);
      if (!existsSync(p)) throw notFound('File');
      const name = safeName(file.name);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(createReadStream(p));
    },
  );

  ctx.jobs.register(
    'forms.prune-unattached-files',
    async () => void (await pruneUnattachedFiles(ctx, new Date())),
    {
      payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
      maxAttempts: 1,
      everyMs: PRUNE_EVERY_MS,
    },
  );
}
