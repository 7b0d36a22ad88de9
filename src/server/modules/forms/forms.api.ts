import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import { ValidationError, notFound } from '../../platform/errors.js';
import { formResponses, formVersions, forms, stakeholders } from './forms.tables.js';
import { findForm, findResponse, findStakeholder, type FormRow } from './forms.queries.js';
import { submitApiResponse } from './api-submit.use-cases.js';
import { apiSubmitSchema, WAVE_RE } from '../../../shared/forms/forms.schemas.js';
import { FORM_KINDS, REVIEW_STATUSES } from '../../../shared/forms/questions.js';

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;

/**
 * Keyset paging: `?limit=` (1-100, default 25) and `?cursor=` (the `meta.nextCursor` of the page
 * before; opaque). A page never skips or repeats a row while rows are added.
 */
const keyset = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
};
const pageMeta = z
  .object({ limit: z.number(), nextCursor: z.string().nullable() })
  .meta({ id: 'KeysetMeta' });

const encodeCursor = (parts: Array<string | number>) =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

const BAD_CURSOR = 'This cursor is not one a list gave: start again without it.';

/** A cursor of `(time, id)`: the row's creation time (microseconds, UTC) and id. */
function timeCursor(cursor: string | undefined): [string, string] | null {
  if (cursor === undefined) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v[0]) &&
      typeof v[1] === 'string' &&
      z.uuid().safeParse(v[1]).success
    )
      return [v[0], v[1]];
  } catch {
    // fall through: not base64url JSON
  }
  throw new ValidationError({ cursor: BAD_CURSOR });
}

/** A cursor of one increasing integer (a response's `seq`, a version's number). */
function numberCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 1 && Number.isSafeInteger(v[0]) && v[0] >= 0)
      return v[0] as number;
  } catch {
    // fall through
  }
  throw new ValidationError({ cursor: BAD_CURSOR });
}

/** The creation time as exact text (microseconds), for a `(time, id)` cursor. */
const exactTime = (column: typeof forms.createdAt | typeof stakeholders.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The page of `rows` (fetched with limit + 1) and the cursor of the next one. */
function keysetPage<R, T>(rows: R[], limit: number, cursorOf: (r: R) => string, map: (r: R) => T) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    data: page.map(map),
    meta: { limit, nextCursor: more ? cursorOf(page[page.length - 1]) : null },
  };
}

const iso = z.string();
const formOut = z
  .object({
    id: z.string(),
    projectId: z.string(),
    kind: z.enum(FORM_KINDS),
    name: z.string(),
    anonymous: z.boolean(),
    waves: z.array(z.string()),
    language: z.string(),
    settings: z.object({
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      responseLimit: z.number().nullable(),
      thankYou: z.string().nullable(),
      matchKeys: z.array(z.string()),
    }),
    currentVersion: z.number().meta({ description: 'The latest published version (0: none).' }),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Form' });
const versionOut = z
  .object({
    number: z.number(),
    publishedAt: iso,
    questions: z
      .array(z.record(z.string(), z.unknown()))
      .meta({ description: 'The question definitions as published (key, type, label, ...).' }),
  })
  .meta({ id: 'FormVersion' });
const stakeholderOut = z
  .object({
    id: z.string(),
    projectId: z.string(),
    code: z.string().meta({ description: 'S-XXXXXXXX: stable, unique within the team.' }),
    name: z.string(),
    answers: z.record(z.string(), z.unknown()),
    formId: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Stakeholder' });
const responseOut = z
  .object({
    id: z.string(),
    formId: z.string(),
    clientId: z.string().meta({ description: 'The id the device (or API client) made.' }),
    seq: z.number(),
    version: z.number(),
    stakeholderId: z.string().nullable(),
    wave: z.string().nullable(),
    answers: z.record(z.string(), z.unknown()),
    status: z.enum(REVIEW_STATUSES),
    revision: z.number(),
    submittedAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'FormResponse' });
const submitOut = z
  .object({
    status: z.enum(['created', 'duplicate']),
    responseId: z.string(),
  })
  .meta({ id: 'FormResponseReceipt' });

const formProps = (f: FormRow): z.output<typeof formOut> => ({
  id: f.id,
  projectId: f.projectId,
  kind: f.kind,
  name: f.name,
  anonymous: f.anonymous,
  waves: f.waves,
  language: f.language,
  settings: f.settings,
  currentVersion: f.currentVersion,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});
const stakeholderProps = (
  s: typeof stakeholders.$inferSelect,
): z.output<typeof stakeholderOut> => ({
  id: s.id,
  projectId: s.projectId,
  code: s.code,
  name: s.name,
  answers: s.answers,
  formId: s.formId,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
const responseProps = (r: typeof formResponses.$inferSelect): z.output<typeof responseOut> => ({
  id: r.id,
  formId: r.formId,
  clientId: r.clientId,
  seq: r.seq,
  version: r.versionNumber,
  stakeholderId: r.stakeholderId,
  wave: r.wave,
  answers: r.answers,
  status: r.status,
  revision: r.revision,
  submittedAt: r.submittedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** `YYYY-MM-DD` or an ISO date-time, as an instant (a date is its midnight UTC). */
const instant = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'Use YYYY-MM-DD or an ISO date-time.',
  )
  .transform((s, c) => {
    const d = new Date(
      s.length === 10 ? `${s}T00:00:00Z` : /Z|[+-]\d{2}:\d{2}$/.test(s) ? s : `${s}Z`,
    );
    const day = new Date(`${s.slice(0, 10)}T00:00:00Z`);
    if (
      Number.isNaN(d.getTime()) ||
      Number.isNaN(day.getTime()) ||
      day.toISOString().slice(0, 10) !== s.slice(0, 10)
    ) {
      c.addIssue({ code: 'custom', message: 'This is not a real date.' });
      return z.NEVER;
    }
    return d;
  });

/**
 * The forms API under /api/v1: forms, their published versions, stakeholders and responses (lists
 * with filters and keyset paging, one record), and a response sent with a token, idempotent by its
 * id exactly like the public form's submit (the same use case's write path).
 */
export function registerFormsApi(app: FastifyInstance, ctx: AppContext) {
  const r = ctx.openapi;
  const tags = ['Forms'];
  const read = { ability: 'read', permission: 'content.view' } as const;
  const formParam = z.object({ form: z.string() });

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/forms',
      name: 'api.forms.index',
      summary: 'List survey and stakeholder forms, oldest first',
      tags,
      ...read,
      query: z.object({
        projectId: z.uuid().optional(),
        kind: z.enum(FORM_KINDS).optional(),
        ...keyset,
      }),
      response: z.object({ data: z.array(formOut), meta: pageMeta }),
    },
    async ({ request, query }) => {
      const after = timeCursor(query.cursor);
      const w: SQL[] = [eq(forms.teamId, teamOf(request))];
      if (query.projectId) w.push(eq(forms.projectId, query.projectId));
      if (query.kind) w.push(eq(forms.kind, query.kind));
      if (after)
        w.push(
          sql`(${forms.createdAt}, ${forms.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        );
      const rows = await ctx.db
        .select({ form: forms, at: exactTime(forms.createdAt) })
        .from(forms)
        .where(and(...w))
        .orderBy(asc(forms.createdAt), asc(forms.id))
        .limit(query.limit + 1);
      return keysetPage(
        rows,
        query.limit,
        (x) => encodeCursor([x.at, x.form.id]),
        (x) => formProps(x.form),
      );
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/forms/:form',
      name: 'api.forms.show',
      summary: 'One form (its settings and latest published version number)',
      tags,
      ...read,
      params: formParam,
      response: formOut,
    },
    async ({ request, params }) =>
      formProps((await findForm(ctx.db, teamOf(request), params.form)).form),
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/forms/:form/versions',
      name: 'api.forms.versions',
      summary: 'The published versions of a form, first first, with their questions',
      tags,
      ...read,
      params: formParam,
      query: z.object(keyset),
      response: z.object({ data: z.array(versionOut), meta: pageMeta }),
    },
    async ({ request, params, query }) => {
      const { form } = await findForm(ctx.db, teamOf(request), params.form);
      const after = numberCursor(query.cursor);
      const rows = await ctx.db
        .select()
        .from(formVersions)
        .where(
          and(
            eq(formVersions.formId, form.id),
            after === null ? undefined : sql`${formVersions.number} > ${after}`,
          ),
        )
        .orderBy(asc(formVersions.number))
        .limit(query.limit + 1);
      return keysetPage(
        rows,
        query.limit,
        (v) => encodeCursor([v.number]),
        (v) => ({
          number: v.number,
          publishedAt: v.publishedAt.toISOString(),
          questions: v.questions as unknown as Array<Record<string, unknown>>,
        }),
      );
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/forms/:form/responses',
      name: 'api.forms.responses',
      summary: 'The live responses of a form, in the order they arrived',
      description:
        'Deleted responses are left out. Filters: `wave`, `version`, `status`, `stakeholderId`, and `from` / `to` on the time received (`from` inclusive, `to` exclusive).',
      tags,
      ...read,
      params: formParam,
      query: z.object({
        wave: z.string().regex(WAVE_RE, 'Use a wave name such as baseline.').optional(),
        version: z.coerce.number().int().min(1).max(1_000_000).optional(),
        status: z.enum(REVIEW_STATUSES).optional(),
        stakeholderId: z.uuid().optional(),
        from: instant.optional(),
        to: instant.optional(),
        ...keyset,
      }),
      response: z.object({ data: z.array(responseOut), meta: pageMeta }),
    },
    async ({ request, params, query }) => {
      const { form } = await findForm(ctx.db, teamOf(request), params.form);
      const after = numberCursor(query.cursor);
      const w: Array<SQL | undefined> = [
        eq(formResponses.formId, form.id),
        isNull(formResponses.deletedAt),
        query.wave ? eq(formResponses.wave, query.wave) : undefined,
        query.version ? eq(formResponses.versionNumber, query.version) : undefined,
        query.status ? eq(formResponses.status, query.status) : undefined,
        query.stakeholderId ? eq(formResponses.stakeholderId, query.stakeholderId) : undefined,
        query.from ? gte(formResponses.submittedAt, query.from) : undefined,
        query.to ? lt(formResponses.submittedAt, query.to) : undefined,
        after === null ? undefined : sql`${formResponses.seq} > ${after}`,
      ];
      const rows = await ctx.db
        .select()
        .from(formResponses)
        .where(and(...w))
        .orderBy(asc(formResponses.seq))
        .limit(query.limit + 1);
      return keysetPage(rows, query.limit, (x) => encodeCursor([x.seq]), responseProps);
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'post',
      path: '/api/v1/forms/:form/responses',
      name: 'api.forms.responses.store',
      summary: 'Send a response, idempotent by its id',
      description:
        'The body of the public form’s submit: `id` (a UUID the client makes once per response and keeps for every retry), `version` (a published version number), `answers` by question key, optional `wave` and `durationMs`, and `stakeholderId` for a stakeholder-linked survey. The answers are checked, and answers to questions hidden by skip logic are dropped, as on the public form. 201 `created`; a retry with the same id and the same answers gets 200 `duplicate` (nothing stored twice); the same id with different answers gets 409 `CONFLICT`, as does a closed form (not published, closed by date or limit, archived project).',
      tags,
      ability: 'create',
      permission: 'content.create',
      status: 201,
      params: formParam,
      body: apiSubmitSchema,
      response: submitOut,
    },
    async ({ request, reply, params, body }) => {
      const result = await runUseCase(ctx, actorOf(request), (uc) =>
        submitApiResponse(uc, { formId: params.form, input: body }),
      );
      return reply.code(result.duplicate ? 200 : 201).send({
        status: result.duplicate ? 'duplicate' : 'created',
        responseId: result.responseId,
      } satisfies z.output<typeof submitOut>);
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/responses/:formResponse',
      name: 'api.responses.show',
      summary: 'One response (a deleted one is a 404)',
      tags,
      ...read,
      params: z.object({ formResponse: z.string() }),
      response: responseOut,
    },
    async ({ request, params }) => {
      const { response } = await findResponse(ctx.db, teamOf(request), params.formResponse);
      if (response.deletedAt) throw notFound('Response');
      return responseProps(response);
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/stakeholders',
      name: 'api.stakeholders.index',
      summary: 'List stakeholders, oldest first',
      description: '`q` finds words of the name or the code.',
      tags,
      ...read,
      query: z.object({
        projectId: z.uuid().optional(),
        q: z.string().trim().max(100).optional(),
        ...keyset,
      }),
      response: z.object({ data: z.array(stakeholderOut), meta: pageMeta }),
    },
    async ({ request, query }) => {
      const after = timeCursor(query.cursor);
      const w: Array<SQL | undefined> = [eq(stakeholders.teamId, teamOf(request))];
      if (query.projectId) w.push(eq(stakeholders.projectId, query.projectId));
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        w.push(or(ilike(stakeholders.name, like), ilike(stakeholders.code, like)));
      }
      if (after)
        w.push(
          sql`(${stakeholders.createdAt}, ${stakeholders.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        );
      const rows = await ctx.db
        .select({ s: stakeholders, at: exactTime(stakeholders.createdAt) })
        .from(stakeholders)
        .where(and(...w))
        .orderBy(asc(stakeholders.createdAt), asc(stakeholders.id))
        .limit(query.limit + 1);
      return keysetPage(
        rows,
        query.limit,
        (x) => encodeCursor([x.at, x.s.id]),
        (x) => stakeholderProps(x.s),
      );
    },
  );

  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/stakeholders/:stakeholder',
      name: 'api.stakeholders.show',
      summary: 'One stakeholder with their registration answers',
      tags,
      ...read,
      params: z.object({ stakeholder: z.string() }),
      response: stakeholderOut,
    },
    async ({ request, params }) =>
      stakeholderProps(
        (await findStakeholder(ctx.db, teamOf(request), params.stakeholder)).stakeholder,
      ),
  );
}
