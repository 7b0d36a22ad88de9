import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { formLinks, formResponses, formVersions, forms, stakeholders } from './forms.tables.js';
import { publicPath } from './forms.props.js';
import { isDisplayOnly } from '../../../shared/forms/questions.js';

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
      for (const q of v.questions) if (!isDisplayOnly(q.type)) labels.set(q.key, q.label);
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
