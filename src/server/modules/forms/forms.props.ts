import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { testLinkOf } from './test-link.use-cases.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { problems } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';
import { formLinks, formQuestions, formResponses, formVersions, forms } from './forms.tables.js';
import { draftQuestions, latestVersion, toDef, toDefs, type FormRow } from './forms.queries.js';
import { diffVersions } from '../../../shared/forms/versions.js';
import { FORM_LANGUAGES, type FormKind } from '../../../shared/forms/questions.js';
import type {
  FormDetail,
  FormFieldsProps,
  FormListRow,
  FormProjectRef,
} from '../../../shared/forms/forms.pages.js';

export const formDetail = (f: FormRow): FormDetail => ({
  id: f.id,
  name: f.name,
  kind: f.kind,
  anonymous: f.anonymous,
  waves: f.waves,
  language: f.language,
  languages: f.languages,
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

export const publicPath = (ctx: AppContext, token: string) =>
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
  const [versions, prev, toc, token, testToken] = await Promise.all([
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
    testLinkOf(db, form.id),
  ]);
  const sqText = new Map(toc.map((t) => [t.id, t.text]));
  return {
    project,
    form: formDetail(form),
    questions: rows.map((r) => ({
      ...toDef(r),
      id: r.id,
      repeatKey: r.repeatKey,
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
    diff: diffVersions(prev?.questions ?? null, toDefs(rows)),
    publicUrl: token ? publicPath(ctx, token) : null,
    testUrl: testToken ? ctx.routes.url('public-forms.test.show', { testToken }) : null,
    tocQuestions: toc.map((t) => ({ ...t, used: linked.includes(t.id) })),
    languages: FORM_LANGUAGES,
    can: { edit: canEdit && project.status !== 'archived' },
  };
}
