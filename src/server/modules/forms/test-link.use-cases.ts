import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { GuestUseCase, UseCase } from '../../platform/use-case/index.js';
import { ValidationError, fail, notFound } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import { projects } from '../projects/read-model.js';
import { formTestLinks, formTestResponses, forms } from './forms.tables.js';
import { draftQuestions, findForm, toDef } from './forms.queries.js';
import { canonicalAnswers, validateAnswers, type Answers } from '../../../shared/forms/answers.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';
import { say } from '../../../shared/forms/page-text/format.js';
import type { SubmitInput } from '../../../shared/forms/forms.schemas.js';
import { localiseQuestions } from '../../../shared/forms/translations.js';
import { pruneHidden } from '../../../shared/expressions/index.js';

const formSubject = (f: { id: string; name: string }) => ({
  type: 'form',
  id: f.id,
  label: f.name,
});

/** The test link of a form (null: none made yet). */
export async function testLinkOf(db: Db, formId: string) {
  const [row] = await db
    .select({ token: formTestLinks.token })
    .from(formTestLinks)
    .where(eq(formTestLinks.formId, formId));
  return row?.token ?? null;
}

/** The form behind a test token, with its project status; 404 for an unknown token. */
export async function formByTestToken(db: Db, token: unknown) {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound('Form');
  const [row] = await db
    .select({ form: forms, projectStatus: projects.status })
    .from(formTestLinks)
    .innerJoin(forms, eq(forms.id, formTestLinks.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(eq(formTestLinks.token, token))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/** The draft's questions as a version would snapshot them (what the test link shows). */
export const draftDefs = async (db: Db, formId: string) =>
  (await draftQuestions(db, formId)).map(toDef);

/** Make the form's test link (a team member's write); an existing one is kept as it is. */
export async function createTestLink(uc: UseCase, { formId }: { formId: unknown }) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  const existing = await testLinkOf(uc.tx, form.id);
  if (existing) {
    uc.unaudited('the test link already exists: nothing changed');
    return { form, token: existing };
  }
  const token = randomBytes(32).toString('base64url');
  await uc.tx
    .insert(formTestLinks)
    .values({ teamId: uc.teamId, formId: form.id, token, createdBy: uc.actor.userId });
  await uc.audit({ action: 'form.test_link_created', subject: formSubject(form) });
  return { form, token };
}

/** Delete every test response of a form (one action, audited with the count). */
export async function deleteTestResponses(uc: UseCase, { formId }: { formId: unknown }) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.delete', { project });
  const deleted = await dropTestResponses(uc.tx, form.id);
  await uc.audit({
    action: 'form.test_responses_deleted',
    subject: formSubject(form),
    details: { count: deleted },
  });
  return { form, deleted };
}

/** Remove a form's test responses (publishing the draft does too: they never become responses). */
export async function dropTestResponses(tx: Db, formId: string) {
  const rows = await tx
    .delete(formTestResponses)
    .where(eq(formTestResponses.formId, formId))
    .returning({ id: formTestResponses.id });
  return rows.length;
}

/**
 * Store a response sent through the test link: checked against the current draft (the same
 * `validateAnswers` and `pruneHidden` as a real submission), idempotent by the device's id, kept in
 * `form_test_responses` with the questions it was answered on. No version, no sequence of the
 * form, no flags, no live event, no webhook: nothing downstream sees it.
 */
export async function submitTestResponse(
  uc: GuestUseCase,
  { token, input }: { token: unknown; input: SubmitInput },
) {
  uc.unaudited('a test response is test data sent through the draft’s test link, kept apart');
  const { form, projectStatus } = await formByTestToken(uc.tx, token);
  // the built-in messages in the language the form was answered in, as a real submission's
  const text = pageTextFor(input.lang ?? form.language);
  if (projectStatus === 'archived') throw fail('CONFLICT', say(text, 'projectArchived'));
  const questions = await draftDefs(uc.tx, form.id);
  const checked = validateAnswers(
    input.lang ? localiseQuestions(questions, input.lang) : questions,
    input.answers,
    { text },
  );
  if (Object.keys(checked.errors).length)
    throw new ValidationError(checked.errors, say(text, 'answersNeedAttention'));
  const values = pruneHidden(questions, checked.values) as Answers;
  if (input.wave && !form.waves.includes(input.wave))
    throw new ValidationError({ wave: say(text, 'notAWave', { wave: input.wave }) });
  const hash = canonicalAnswers(values);
  const [inserted] = await uc.tx
    .insert(formTestResponses)
    .values({
      teamId: form.teamId,
      formId: form.id,
      clientId: input.id,
      seq: sql`(select coalesce(max(${formTestResponses.seq}), 0) + 1 from ${formTestResponses} where ${formTestResponses.formId} = ${form.id})`,
      questions,
      answers: values,
      answersHash: hash,
      wave: input.wave ?? null,
    })
    .onConflictDoNothing({ target: [formTestResponses.formId, formTestResponses.clientId] })
    .returning({ id: formTestResponses.id });
  if (inserted) return { form, responseId: inserted.id, duplicate: false };
  const [before] = await uc.tx
    .select({ id: formTestResponses.id, hash: formTestResponses.answersHash })
    .from(formTestResponses)
    .where(and(eq(formTestResponses.formId, form.id), eq(formTestResponses.clientId, input.id)));
  if (before && before.hash === hash) return { form, responseId: before.id, duplicate: true };
  throw fail('CONFLICT', say(text, 'differentTest'));
}
