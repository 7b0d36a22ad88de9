import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError, notFound } from '../../platform/errors.js';
import { formQuestions, formVersions, forms } from './forms.tables.js';
import { draftQuestions, findForm, toDefs } from './forms.queries.js';
import { createForm } from './forms.use-cases.js';
import { addQuestion } from './questions.use-cases.js';
import type { XlsformPlan } from './xlsform.map.js';
import type { Db } from '../../platform/db/client.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';

/**
 * Create a draft survey form from a checked XLSForm plan: the form and every importable question
 * in one transaction (all or nothing), audited as an import with the report's counts.
 */
export async function importXlsform(
  uc: UseCase,
  { projectId, plan }: { projectId: unknown; plan: XlsformPlan },
) {
  if (!plan.questions.length)
    throw new ValidationError({ file: 'No question of this file can be imported.' });
  const { form, project } = await createForm(uc, {
    projectId,
    name: plan.title,
    kind: 'survey',
    language: plan.language,
  });
  for (const q of plan.questions) await addQuestion(uc, { formId: form.id, ...q });
  // the texts of the file's other languages (`label::Arabic (ar)`), on the draft questions
  if (plan.languages.length) {
    await uc.tx.update(forms).set({ languages: plan.languages }).where(eq(forms.id, form.id));
    for (const [key, translations] of Object.entries(plan.translations))
      await uc.tx
        .update(formQuestions)
        .set({ translations })
        .where(and(eq(formQuestions.formId, form.id), eq(formQuestions.key, key)));
  }
  await uc.audit({
    action: 'form.imported_xlsform',
    subject: { type: 'form', id: form.id, label: form.name },
    details: {
      project: project.name,
      file: plan.report.fileName.slice(0, 200),
      questions: plan.questions.length,
      ...plan.report.counts,
    },
  });
  return { form };
}

/** A form's draft questions, or those of one published version (404 for a version it never had). */
export async function questionsForExport(
  db: Db,
  teamId: string,
  formId: unknown,
  version: number | null,
): Promise<{ name: string; language: string; version: string; questions: QuestionDef[] }> {
  const { form } = await findForm(db, teamId, formId);
  if (version == null) {
    const rows = await draftQuestions(db, form.id);
    return {
      name: form.name,
      language: form.language,
      version: 'draft',
      questions: toDefs(rows),
    };
  }
  const [v] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, form.id), eq(formVersions.number, version)))
    .limit(1);
  if (!v) throw notFound('Form version');
  return {
    name: form.name,
    language: form.language,
    version: String(v.number),
    questions: v.questions,
  };
}
