import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { problems } from '../problems/read-model.js';
import { dataPoints, surveyQuestions } from '../metrics/read-model.js';
import { formQuestions } from './forms.tables.js';
import { findForm } from './forms.queries.js';
import { keyFromLabel, keysOf, nextPosition, unique } from './questions.use-cases.js';
import { hasChoices, type QuestionType } from '../../../shared/forms/questions.js';
import type { AnswerType } from '../../../shared/toc/vocabulary.js';

/** "Add from theory of change": a survey question under the project's data points becomes a linked form question. */
const subjectOf = (q: { id: string; label: string }) => ({
  type: 'form_question',
  id: q.id,
  label: q.label.slice(0, 200),
});

const FROM_TOC_TYPE: Record<AnswerType, QuestionType> = {
  text: 'short_text',
  long_text: 'long_text',
  number: 'decimal',
  integer: 'integer',
  single_choice: 'single_choice',
  multiple_choice: 'multiple_choice',
  yes_no: 'yes_no',
  date: 'date',
  rating: 'rating',
};

/** Add a question asked by a theory-of-change survey question of the form's project, linked to it. */
export async function addFromToc(
  uc: UseCase,
  { formId, surveyQuestionId }: { formId: unknown; surveyQuestionId: string },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  const id = surveyQuestionId;
  const [sq] = await uc.tx
    .select({ sq: surveyQuestions, dataPoint: dataPoints.name })
    .from(surveyQuestions)
    .innerJoin(problems, eq(problems.id, surveyQuestions.problemId))
    .innerJoin(dataPoints, eq(dataPoints.id, surveyQuestions.dataPointId))
    .where(
      and(
        eq(surveyQuestions.id, id),
        eq(surveyQuestions.teamId, uc.teamId),
        eq(problems.projectId, project.id),
      ),
    )
    .limit(1);
  if (!sq)
    throw new ValidationError({
      surveyQuestionId: 'Choose a survey question defined under this project’s data points.',
    });
  const type = FROM_TOC_TYPE[sq.sq.answerType] ?? 'short_text';
  const values = new Set<string>();
  const choices = sq.sq.choices.map((label, i) => {
    let v = keyFromLabel(label).slice(0, 60) || `c${i + 1}`;
    if (values.has(v)) v = `${v}_${i + 1}`;
    values.add(v);
    return { value: v, label };
  });
  if (hasChoices(type) && !choices.length)
    throw new ValidationError({
      surveyQuestionId: 'This survey question has no choices yet: add them on its page first.',
    });
  const taken = await keysOf(uc.tx, form.id);
  const [question] = await uc.tx
    .insert(formQuestions)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      key: unique(keyFromLabel(sq.sq.text), taken),
      type,
      label: sq.sq.text.slice(0, 1000),
      hint: sq.sq.helpText,
      required: sq.sq.required,
      choices: hasChoices(type) ? choices : [],
      scale: type === 'rating' ? 5 : null,
      surveyQuestionId: sq.sq.id,
      position: await nextPosition(uc.tx, form.id),
    })
    .returning();
  await uc.audit({
    action: 'form_question.created',
    subject: subjectOf(question),
    details: {
      form: form.name,
      key: question.key,
      type,
      fromToc: sq.sq.text,
      dataPoint: sq.dataPoint,
    },
  });
  return { question, form };
}
