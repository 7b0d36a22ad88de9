import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { projects } from '../projects/read-model.js';
import {
  formLinks,
  formQuestions,
  formResponses,
  formVersions,
  forms,
  stakeholders,
} from './forms.tables.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { nestQuestions } from '../../../shared/forms/repeats.js';
import type { FormProjectRef } from '../../../shared/forms/forms.pages.js';

export type FormRow = typeof forms.$inferSelect;
export type QuestionRow = typeof formQuestions.$inferSelect;
export type LinkRow = typeof formLinks.$inferSelect;

const projectRef = { id: projects.id, name: projects.name, status: projects.status };

/** A form of the team with its project, or 404. */
export async function findForm(
  db: Db,
  teamId: string,
  formId: unknown,
): Promise<{ form: FormRow; project: FormProjectRef }> {
  const id = idOr404(formId, 'Form');
  const [row] = await db
    .select({ form: forms, project: projectRef })
    .from(forms)
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(forms.id, id), eq(forms.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/** The waves a form declares, in its own order (none when the form is gone). */
export async function formWaves(db: Db, formId: string): Promise<string[]> {
  const [row] = await db.select({ waves: forms.waves }).from(forms).where(eq(forms.id, formId));
  return row?.waves ?? [];
}

/** A draft question of the team with its form and project, or 404. */
export async function findQuestion(db: Db, teamId: string, questionId: unknown) {
  const id = idOr404(questionId, 'Question');
  const [row] = await db
    .select({ question: formQuestions, form: forms, project: projectRef })
    .from(formQuestions)
    .innerJoin(forms, eq(forms.id, formQuestions.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(formQuestions.id, id), eq(formQuestions.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Question');
  return row;
}

/** A response of the team with its form and project, or 404. */
export async function findResponse(db: Db, teamId: string, responseId: unknown) {
  const id = idOr404(responseId, 'Response');
  const [row] = await db
    .select({ response: formResponses, form: forms, project: projectRef })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(formResponses.id, id), eq(formResponses.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Response');
  return row;
}

/** A stakeholder of the team with their project, or 404. */
export async function findStakeholder(db: Db, teamId: string, stakeholderId: unknown) {
  const id = idOr404(stakeholderId, 'Stakeholder');
  const [row] = await db
    .select({ stakeholder: stakeholders, project: projectRef })
    .from(stakeholders)
    .innerJoin(projects, eq(projects.id, stakeholders.projectId))
    .where(and(eq(stakeholders.id, id), eq(stakeholders.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Stakeholder');
  return row;
}

/** A link of the team with its form and project, or 404. */
export async function findLink(db: Db, teamId: string, linkId: unknown) {
  const id = idOr404(linkId, 'Link');
  const [row] = await db
    .select({ link: formLinks, form: forms, project: projectRef })
    .from(formLinks)
    .innerJoin(forms, eq(forms.id, formLinks.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(formLinks.id, id), eq(formLinks.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Link');
  return row;
}

export const draftQuestions = (db: Db, formId: string) =>
  db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(asc(formQuestions.position), asc(formQuestions.createdAt));

/** A question row as a version stores it. */
export const toDef = (q: QuestionRow): QuestionDef => ({
  key: q.key,
  type: q.type,
  label: q.label,
  hint: q.hint,
  required: q.required,
  requiredMessage: q.requiredMessage,
  defaultValue: q.defaultValue,
  choices: q.choices,
  allowOther: q.allowOther,
  scale: q.scale,
  validation: q.validation,
  relevant: q.relevant,
  constraint: q.constraint,
  constraintMessage: q.constraintMessage,
  // only a question using them carries these (versions before them compare equal)
  ...(q.requiredWhen ? { requiredWhen: q.requiredWhen } : {}),
  ...(q.readOnly ? { readOnly: true } : {}),
  ...(q.choiceFilter ? { choiceFilter: q.choiceFilter } : {}),
  ...(q.type === 'matrix' ? { rows: q.rows } : {}),
  ...(q.type === 'calculate' || (q.readOnly && q.calculation)
    ? { calculation: q.calculation }
    : {}),
  ...(q.type === 'repeat' ? { repeatCount: q.repeatCount, itemLabel: q.itemLabel } : {}),
  // only a translated question carries the field (versions before translations compare equal)
  ...(Object.keys(q.translations ?? {}).length ? { translations: q.translations } : {}),
});

/** The draft's rows as a version stores them: a repeat's questions nested inside it. */
export const toDefs = (rows: readonly QuestionRow[]): QuestionDef[] => nestQuestions(rows, toDef);

export async function latestVersion(db: Db, formId: string) {
  const [v] = await db
    .select()
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number))
    .limit(1);
  return v ?? null;
}
