import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { tocElements } from '../problems/read-model.js';
import {
  formQuestions,
  formResponses,
  formVersions,
  forms,
  stakeholders,
} from '../forms/read-model.js';
import { insightsWorld } from '../insights/insights.test-support.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';

const question = (key: string, type: QuestionDef['type'], label: string): QuestionDef => ({
  key,
  type,
  label,
  hint: null,
  required: false,
  requiredMessage: null,
  defaultValue: null,
  choices:
    type === 'single_choice'
      ? [
          { value: 'Female', label: 'Female' },
          { value: 'Male', label: 'Male' },
        ]
      : [],
  allowOther: false,
  scale: null,
  validation: {},
});

/**
 * The insights world (test data only: "Girls passing" with targets and actuals, "Sessions held")
 * plus an outcome without a metric, a stakeholder, and a survey "School survey" with two waves
 * whose open answers talk about distance and fees (one deleted answer that must not show).
 */
export async function assistantWorld(app: FastifyInstance, teamId: string, userId: string) {
  const db = app.ctx.db;
  const w = await insightsWorld(app, teamId, userId);
  const [bare] = await db
    .insert(tocElements)
    .values({
      teamId,
      problemId: w.problem.id,
      kind: 'outcome',
      title: 'Parents value schooling',
      position: 1,
      horizon: 'medium',
    })
    .returning();
  const defs = [
    question('sex', 'single_choice', 'Sex'),
    question('barrier', 'long_text', 'What keeps you from school?'),
  ];
  const [form] = await db
    .insert(forms)
    .values({
      teamId,
      projectId: w.project.id,
      kind: 'survey',
      name: 'School survey',
      waves: ['Baseline', 'Endline'],
      currentVersion: 1,
      responseSeq: 4,
    })
    .returning();
  await db.insert(formQuestions).values(
    defs.map((d, position) => ({
      teamId,
      formId: form.id,
      key: d.key,
      type: d.type,
      label: d.label,
      choices: d.choices,
      position,
    })),
  );
  const [version] = await db
    .insert(formVersions)
    .values({ teamId, formId: form.id, number: 1, questions: defs })
    .returning();
  await db.insert(stakeholders).values({
    teamId,
    projectId: w.project.id,
    code: 'S-001',
    name: 'Amina Yusuf',
  });
  const response = (seq: number, wave: string, sex: string, barrier: string, deleted = false) => ({
    teamId,
    formId: form.id,
    clientId: randomUUID(),
    seq,
    versionId: version.id,
    versionNumber: 1,
    wave,
    answers: { sex, barrier },
    answersHash: `hash-${seq}`,
    deletedAt: deleted ? new Date() : null,
  });
  await db
    .insert(formResponses)
    .values([
      response(
        1,
        'Baseline',
        'Female',
        'The distance to school is too far, I walk two hours every morning.',
      ),
      response(2, 'Baseline', 'Male', 'Distance to school is long but my bicycle helps.'),
      response(3, 'Endline', 'Female', 'School fees are the main problem now.'),
      response(4, 'Endline', 'Female', 'Distance to school secret deleted answer.', true),
    ]);
  return { ...w, bare, form };
}
