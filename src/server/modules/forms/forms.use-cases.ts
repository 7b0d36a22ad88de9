import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { findProject } from '../projects/index.js';
import { formLinks, formQuestions, formVersions, forms } from './forms.tables.js';
import { draftQuestions, findForm, latestVersion, toDefs, type FormRow } from './forms.queries.js';
import { defineFormDataset } from './form-dataset.js';
import { dropTestResponses } from './test-link.use-cases.js';
import { diffVersions } from '../../../shared/forms/versions.js';
import { formLogicErrors } from '../../../shared/forms/logic.js';
import { DEFAULT_WAVES, isDisplayOnly } from '../../../shared/forms/questions.js';
import type { CreateFormInput, UpdateFormInput } from '../../../shared/forms/forms.schemas.js';

const formSubject = (f: { id: string; name: string }) => ({
  type: 'form',
  id: f.id,
  label: f.name,
});

/** 32 random bytes, URL-safe: a link nobody can guess. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Create a survey or stakeholder form in a project (an empty draft, not published yet). */
export async function createForm(
  uc: UseCase,
  { projectId, ...input }: CreateFormInput & { projectId: unknown },
) {
  const project = await findProject(uc.tx, uc.teamId, projectId);
  uc.can('content.create', { project });
  const survey = input.kind === 'survey';
  const [form] = await uc.tx
    .insert(forms)
    .values({
      teamId: uc.teamId,
      projectId: project.id,
      kind: input.kind,
      name: input.name,
      // a stakeholder form registers people: never anonymous, no waves
      anonymous: survey ? (input.anonymous ?? true) : false,
      waves: survey ? (input.waves?.length ? input.waves : DEFAULT_WAVES) : [],
      language: input.language ?? 'en',
      createdBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'form.created',
    subject: formSubject(form),
    details: { project: project.name, kind: form.kind },
  });
  return { form, project };
}

/** Change a form's name, language, waves and settings (open/close, limit, thank-you, match keys). */
export async function updateForm(
  uc: UseCase,
  { formId, ...input }: UpdateFormInput & { formId: unknown },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  if (input.matchKeys?.length) {
    if (form.kind !== 'stakeholder')
      throw new ValidationError({ matchKeys: 'Only a stakeholder form matches on key questions.' });
    const keys = new Set((await draftQuestions(uc.tx, form.id)).map((q) => q.key));
    const bad = input.matchKeys.find((k) => !keys.has(k));
    if (bad) throw new ValidationError({ matchKeys: `“${bad}” is not a question of this form.` });
  }
  const language = input.language ?? form.language;
  const languages = (input.languages ?? form.languages).filter((l) => l !== language);
  if (input.languages?.includes(language))
    throw new ValidationError({
      languages: `${language} is the form's default language: its texts are the questions' own.`,
    });
  if (input.waves && form.kind !== 'survey')
    throw new ValidationError({ waves: 'Only a survey form has waves.' });
  const settings = {
    opensAt: input.opensAt !== undefined ? input.opensAt : form.settings.opensAt,
    closesAt: input.closesAt !== undefined ? input.closesAt : form.settings.closesAt,
    responseLimit:
      input.responseLimit !== undefined ? input.responseLimit : form.settings.responseLimit,
    thankYou: input.thankYou !== undefined ? input.thankYou : form.settings.thankYou,
    matchKeys: input.matchKeys ?? form.settings.matchKeys,
    ...(form.settings.thankYouTranslations
      ? { thankYouTranslations: form.settings.thankYouTranslations }
      : {}),
  };
  if (settings.opensAt && settings.closesAt && settings.closesAt <= settings.opensAt)
    throw new ValidationError({ closesAt: 'The form must close after it opens.' });
  const [updated] = await uc.tx
    .update(forms)
    .set({
      name: input.name ?? form.name,
      language,
      languages,
      waves: input.waves ?? form.waves,
      settings,
      updatedAt: new Date(),
    })
    .where(eq(forms.id, form.id))
    .returning();
  await uc.audit({
    action: 'form.updated',
    subject: formSubject(updated),
    details: { fields: Object.keys(input) },
  });
  return { form: updated, project };
}

/** Whether the form takes answers through an open (anonymous) link. */
const hasOpenLink = (f: FormRow) => f.kind === 'stakeholder' || f.anonymous;

/**
 * Publish the draft as the next immutable version: the question definitions are snapshotted,
 * each question's type is fixed from now on, and an open form gets its anonymous link.
 */
export async function publishForm(uc: UseCase, { formId }: { formId: unknown }) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  // one publisher at a time per form: the version number is taken under the form's row lock
  await uc.tx.execute(sql`select 1 from ${forms} where ${forms.id} = ${form.id} for update`);
  const rows = await draftQuestions(uc.tx, form.id);
  if (!rows.some((q) => !isDisplayOnly(q.type)))
    throw new ValidationError({ publish: 'Add at least one question that takes an answer.' });
  const prev = await latestVersion(uc.tx, form.id);
  const defs = toDefs(rows);
  // skip logic and constraints that no longer parse or read a removed, renamed or later question
  const broken = formLogicErrors(defs);
  if (broken.length)
    throw new ValidationError({
      publish: `Fix the expressions first: ${broken.slice(0, 5).join('; ')}${broken.length > 5 ? ` (and ${broken.length - 5} more)` : ''}.`,
    });
  const diff = diffVersions(prev?.questions ?? null, defs);
  if (diff.unchanged)
    throw new ValidationError({ publish: `Nothing changed since version ${prev!.number}.` });
  const number = (prev?.number ?? 0) + 1;
  const [version] = await uc.tx
    .insert(formVersions)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      number,
      questions: defs,
      publishedBy: uc.actor.userId,
    })
    .returning();
  await uc.tx
    .update(formQuestions)
    .set({ publishedType: sql`${formQuestions.type}` })
    .where(eq(formQuestions.formId, form.id));
  await uc.tx
    .update(forms)
    .set({ currentVersion: number, updatedAt: new Date() })
    .where(eq(forms.id, form.id));
  if (hasOpenLink(form)) {
    const [open] = await uc.tx
      .select({ id: formLinks.id })
      .from(formLinks)
      .where(
        and(
          eq(formLinks.formId, form.id),
          isNull(formLinks.stakeholderId),
          isNull(formLinks.revokedAt),
        ),
      )
      .limit(1);
    if (!open)
      await uc.tx
        .insert(formLinks)
        .values({ teamId: uc.teamId, formId: form.id, token: newToken() });
  }
  // the form's responses as a dataset: its live view now reads every version's keys
  await defineFormDataset(uc, form);
  // the draft's test responses are not carried over: the published version starts without them
  const testsDropped = await dropTestResponses(uc.tx, form.id);
  await uc.audit({
    action: 'form.published',
    subject: formSubject(form),
    details: {
      version: number,
      added: diff.added.map((q) => q.key),
      removed: diff.removed.map((q) => q.key),
      choicesRemoved: diff.choicesRemoved.map((q) => q.key),
      ...(testsDropped ? { testResponsesDeleted: testsDropped } : {}),
    },
  });
  return { form, version, project };
}
