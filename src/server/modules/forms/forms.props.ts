import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { users } from '../../platform/auth/auth.tables.js';
import { problems } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';
import {
  formLinks,
  formQuestions,
  formResponses,
  formVersions,
  forms,
  stakeholders,
} from './forms.tables.js';
import { draftQuestions, latestVersion, toDef, type FormRow } from './forms.queries.js';
import { diffVersions } from '../../../shared/forms/versions.js';
import {
  FORM_LANGUAGES,
  REVIEW_STATUSES,
  type FormKind,
  type ReviewStatus,
} from '../../../shared/forms/questions.js';
import type {
  FormDetail,
  FormFieldsProps,
  FormListRow,
  FormProjectRef,
  ResponsesFilters,
} from '../../../shared/forms/forms.pages.js';

export const formDetail = (f: FormRow): FormDetail => ({
  id: f.id,
  name: f.name,
  kind: f.kind,
  anonymous: f.anonymous,
  waves: f.waves,
  language: f.language,
  settings: f.settings,
  currentVersion: f.currentVersion,
});

/** The project's forms of one kind, newest first, with their question and response counts. */
// drizzle writes columns unqualified in single-table selects: the subqueries name the outer row by hand
export async function formsOf(
  db: Db,
  teamId: string,
  projectId: string,
  kind: FormKind,
): Promise<FormListRow[]> {
  const rows = await db
    .select({
      id: forms.id,
      name: forms.name,
      kind: forms.kind,
      anonymous: forms.anonymous,
      waves: forms.waves,
      currentVersion: forms.currentVersion,
      updatedAt: forms.updatedAt,
      questionsCount: sql<number>`(select count(*)::int from ${formQuestions} where ${formQuestions.formId} = "forms"."id")`,
      responsesCount: sql<number>`(select count(*)::int from ${formResponses} where ${formResponses.formId} = "forms"."id" and ${formResponses.deletedAt} is null)`,
    })
    .from(forms)
    .where(and(eq(forms.teamId, teamId), eq(forms.projectId, projectId), eq(forms.kind, kind)))
    .orderBy(desc(forms.updatedAt));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

const publicPath = (ctx: AppContext, token: string) =>
  ctx.routes.url('public-forms.show', { formToken: token });

/** The open (anonymous) link of a form, if it has one. */
async function openLink(db: Db, formId: string) {
  const [l] = await db
    .select({ token: formLinks.token })
    .from(formLinks)
    .where(
      and(
        eq(formLinks.formId, formId),
        isNull(formLinks.stakeholderId),
        isNull(formLinks.revokedAt),
      ),
    )
    .limit(1);
  return l?.token ?? null;
}

/** The builder's props: the draft, the versions, what publishing changes, the ToC questions on offer. */
export async function builderProps(
  ctx: AppContext,
  teamId: string,
  form: FormRow,
  project: FormProjectRef,
  canEdit: boolean,
): Promise<FormFieldsProps> {
  const db = ctx.db;
  const rows = await draftQuestions(db, form.id);
  const linked = rows.flatMap((r) => (r.surveyQuestionId ? [r.surveyQuestionId] : []));
  const [versions, prev, toc, token] = await Promise.all([
    db
      .select({
        number: formVersions.number,
        publishedAt: formVersions.publishedAt,
        by: users.name,
        questions: sql<number>`jsonb_array_length(${formVersions.questions})::int`,
      })
      .from(formVersions)
      .leftJoin(users, eq(users.id, formVersions.publishedBy))
      .where(eq(formVersions.formId, form.id))
      .orderBy(desc(formVersions.number)),
    latestVersion(db, form.id),
    db
      .select({
        id: surveyQuestions.id,
        text: surveyQuestions.text,
        answerType: surveyQuestions.answerType,
        dataPoint: dataPoints.name,
        metric: metrics.name,
      })
      .from(surveyQuestions)
      .innerJoin(problems, eq(problems.id, surveyQuestions.problemId))
      .innerJoin(dataPoints, eq(dataPoints.id, surveyQuestions.dataPointId))
      .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
      .where(and(eq(surveyQuestions.teamId, teamId), eq(problems.projectId, project.id)))
      .orderBy(asc(metrics.name), asc(surveyQuestions.position))
      .limit(500),
    openLink(db, form.id),
  ]);
  const sqText = new Map(toc.map((t) => [t.id, t.text]));
  return {
    project,
    form: formDetail(form),
    questions: rows.map((r) => ({
      ...toDef(r),
      id: r.id,
      publishedType: r.publishedType,
      surveyQuestion: r.surveyQuestionId
        ? { id: r.surveyQuestionId, text: sqText.get(r.surveyQuestionId) ?? 'Survey question' }
        : null,
    })),
    versions: versions.map((v) => ({
      number: v.number,
      publishedAt: v.publishedAt.toISOString(),
      publishedBy: v.by,
      questions: v.questions,
    })),
    diff: diffVersions(prev?.questions ?? null, rows.map(toDef)),
    publicUrl: token ? publicPath(ctx, token) : null,
    tocQuestions: toc.map((t) => ({ ...t, used: linked.includes(t.id) })),
    languages: FORM_LANGUAGES,
    can: { edit: canEdit && project.status !== 'archived' },
  };
}

const one = (q: Record<string, unknown>, k: string) =>
  typeof q[k] === 'string' ? (q[k] as string) : '';

/** The responses list's own filters (wave, version, status, date range, deleted), parsed leniently. */
export function parseFilters(query: unknown): ResponsesFilters {
  const q = (query ?? {}) as Record<string, unknown>;
  const version = /^\d{1,6}$/.test(one(q, 'version')) ? Number(one(q, 'version')) : null;
  const date = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
  return {
    wave: /^[a-z0-9][a-z0-9_-]{0,39}$/.test(one(q, 'wave')) ? one(q, 'wave') : null,
    version,
    status: (REVIEW_STATUSES as readonly string[]).includes(one(q, 'status'))
      ? (one(q, 'status') as ReviewStatus)
      : null,
    from: date(one(q, 'from')),
    to: date(one(q, 'to')),
    deleted: one(q, 'deleted') === '1',
  };
}

export function responsesWhere(teamId: string, formId: string, f: ResponsesFilters): SQL {
  const conds: SQL[] = [eq(formResponses.teamId, teamId), eq(formResponses.formId, formId)];
  conds.push(f.deleted ? isNotNull(formResponses.deletedAt) : isNull(formResponses.deletedAt));
  if (f.wave) conds.push(eq(formResponses.wave, f.wave));
  if (f.version) conds.push(eq(formResponses.versionNumber, f.version));
  if (f.status) conds.push(eq(formResponses.status, f.status));
  if (f.from) conds.push(gte(formResponses.submittedAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to)
    conds.push(
      lt(formResponses.submittedAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)),
    );
  return and(...conds)!;
}

/** One page of a form's responses. */
export async function responsesPage(
  db: Db,
  teamId: string,
  formId: string,
  query: unknown,
  f: ResponsesFilters,
) {
  const page = await tableQuery(db, query, {
    select: {
      id: formResponses.id,
      seq: formResponses.seq,
      version: formResponses.versionNumber,
      wave: formResponses.wave,
      status: formResponses.status,
      submittedAt: formResponses.submittedAt,
      deletedAt: formResponses.deletedAt,
      answers: formResponses.answers,
      stakeholderId: stakeholders.id,
      stakeholderCode: stakeholders.code,
      stakeholderName: stakeholders.name,
    },
    from: formResponses,
    joins: (q) => q.leftJoin(stakeholders, eq(stakeholders.id, formResponses.stakeholderId)),
    where: responsesWhere(teamId, formId, f),
    // the search box matches any answer's text, and the stakeholder's name or id
    searchable: [formResponses.answers, stakeholders.name, stakeholders.code],
    sortable: {
      seq: formResponses.seq,
      submitted_at: formResponses.submittedAt,
      status: formResponses.status,
    },
    defaultSort: 'seq',
    defaultDir: 'desc',
    tiebreak: formResponses.id,
  });
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      version: r.version,
      wave: r.wave,
      status: r.status,
      submittedAt: r.submittedAt.toISOString(),
      deleted: r.deletedAt !== null,
      answers: r.answers,
      stakeholder: r.stakeholderId
        ? { id: r.stakeholderId, code: r.stakeholderCode!, name: r.stakeholderName! }
        : null,
    })),
  };
}

/** The union of every version's questions by key (the latest label wins), in first-seen order. */
export async function questionColumns(db: Db, formId: string) {
  const versions = await db
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number));
  const cols = new Map<string, { key: string; label: string; other: boolean }>();
  for (const v of [...versions].reverse())
    for (const q of v.questions) {
      if (q.type === 'note') continue;
      const prev = cols.get(q.key);
      cols.set(q.key, {
        key: q.key,
        label: q.label,
        other: (prev?.other ?? false) || q.allowOther,
      });
    }
  return [...cols.values()];
}

export async function versionNumbers(db: Db, formId: string) {
  const rows = await db
    .select({ n: formVersions.number })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number));
  return rows.map((r) => r.n);
}

/** The project's stakeholders (search on code and name) with their response counts. */
export async function stakeholdersPage(db: Db, teamId: string, projectId: string, query: unknown) {
  const page = await tableQuery(db, query, {
    select: {
      id: stakeholders.id,
      code: stakeholders.code,
      name: stakeholders.name,
      createdAt: stakeholders.createdAt,
      responsesCount: sql<number>`(select count(*)::int from ${formResponses} where ${formResponses.stakeholderId} = "stakeholders"."id" and ${formResponses.deletedAt} is null)`,
    },
    from: stakeholders,
    where: and(eq(stakeholders.teamId, teamId), eq(stakeholders.projectId, projectId)),
    searchable: [stakeholders.code, stakeholders.name],
    sortable: { name: stakeholders.name, created_at: stakeholders.createdAt },
    defaultSort: 'created_at',
    defaultDir: 'desc',
    tiebreak: stakeholders.id,
  });
  return { ...page, rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** One stakeholder's responses across forms and waves, side by side by question key; their links. */
export async function stakeholderResponses(
  ctx: AppContext,
  teamId: string,
  stakeholderId: string,
  projectId: string,
) {
  const db = ctx.db;
  const responses = await db
    .select({
      id: formResponses.id,
      form: forms.name,
      formId: forms.id,
      wave: formResponses.wave,
      submittedAt: formResponses.submittedAt,
      answers: formResponses.answers,
    })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .where(
      and(
        eq(formResponses.teamId, teamId),
        eq(formResponses.stakeholderId, stakeholderId),
        isNull(formResponses.deletedAt),
      ),
    )
    .orderBy(asc(forms.name), asc(formResponses.submittedAt))
    .limit(100);
  const labels = new Map<string, string>();
  const formIds = [...new Set(responses.map((r) => r.formId))];
  if (formIds.length) {
    const vs = await db
      .select({ questions: formVersions.questions })
      .from(formVersions)
      .where(inArray(formVersions.formId, formIds))
      .orderBy(asc(formVersions.number));
    for (const v of vs)
      for (const q of v.questions) if (q.type !== 'note') labels.set(q.key, q.label);
  }
  const keys = [...new Set(responses.flatMap((r) => Object.keys(r.answers)))];
  const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === true ? 'Yes' : String(v));
  const [links, surveyForms] = await Promise.all([
    db
      .select({
        id: formLinks.id,
        token: formLinks.token,
        form: forms.name,
        wave: formLinks.wave,
        revokedAt: formLinks.revokedAt,
      })
      .from(formLinks)
      .innerJoin(forms, eq(forms.id, formLinks.formId))
      .where(and(eq(formLinks.teamId, teamId), eq(formLinks.stakeholderId, stakeholderId)))
      .orderBy(asc(formLinks.createdAt)),
    db
      .select({ id: forms.id, name: forms.name, waves: forms.waves })
      .from(forms)
      .where(
        and(
          eq(forms.teamId, teamId),
          eq(forms.projectId, projectId),
          eq(forms.kind, 'survey'),
          eq(forms.anonymous, false),
        ),
      )
      .orderBy(asc(forms.name)),
  ]);
  return {
    columns: responses.map((r) => ({
      id: r.id,
      form: r.form,
      wave: r.wave,
      submittedAt: r.submittedAt.toISOString(),
    })),
    rows: keys.map((key) => ({
      key,
      label: labels.get(key) ?? key,
      values: Object.fromEntries(
        responses
          .filter((r) => r.answers[key] !== undefined)
          .map((r) => [r.id, text(r.answers[key])]),
      ),
    })),
    links: links.map((l) => ({
      id: l.id,
      form: l.form,
      wave: l.wave,
      url: publicPath(ctx, l.token),
      revoked: l.revokedAt !== null,
    })),
    surveyForms,
  };
}
