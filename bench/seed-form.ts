import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/platform/db/client.js';
import { formLinks, formVersions, forms } from '../src/server/modules/forms/forms.tables.js';
import { projects } from '../src/server/modules/projects/read-model.js';
import type { QuestionDef } from '../src/shared/forms/questions.js';
import { questionDef } from '../src/shared/forms/test-support.js';

const question = (q: Pick<QuestionDef, 'key' | 'type' | 'label'> & Partial<QuestionDef>) =>
  questionDef(q.key, q.type, q);

/** The questions of the bench's form: a name, a number and a choice (a household survey's shape). */
export const BENCH_QUESTIONS: QuestionDef[] = [
  question({ key: 'name', type: 'short_text', label: 'Name', required: true }),
  question({ key: 'age', type: 'integer', label: 'Age' }),
  question({
    key: 'water',
    type: 'single_choice',
    label: 'Water',
    choices: [
      { value: 'well', label: 'Well' },
      { value: 'tap', label: 'Tap' },
    ],
  }),
];

/** Answers as the public page sends them, and as they are stored (numbers parsed). */
export const benchAnswers = (i: number) => ({
  sent: { name: `Respondent ${i}`, age: String(18 + (i % 60)), water: i % 3 ? 'well' : 'tap' },
  stored: { name: `Respondent ${i}`, age: 18 + (i % 60), water: i % 3 ? 'well' : 'tap' },
});

/**
 * A published survey form (version 1 of BENCH_QUESTIONS) with an open link, written directly
 * (the bench measures submissions and lists, not the builder).
 */
export async function seedPublishedForm(
  db: Db,
  o: { teamId: string; userId: string; name: string },
) {
  const [project] = await db
    .insert(projects)
    .values({ teamId: o.teamId, name: `${o.name} project` })
    .returning({ id: projects.id });
  const [form] = await db
    .insert(forms)
    .values({
      teamId: o.teamId,
      projectId: project.id,
      kind: 'survey',
      name: o.name,
      currentVersion: 1,
      createdBy: o.userId,
    })
    .returning({ id: forms.id });
  const [version] = await db
    .insert(formVersions)
    .values({ teamId: o.teamId, formId: form.id, number: 1, questions: BENCH_QUESTIONS })
    .returning({ id: formVersions.id });
  const token = randomBytes(32).toString('base64url');
  const [link] = await db
    .insert(formLinks)
    .values({ teamId: o.teamId, formId: form.id, token })
    .returning({ id: formLinks.id });
  return { formId: form.id, versionId: version.id, linkId: link.id, token };
}

/** n stored responses in one statement (generate_series), with the form's sequence moved past them. */
export async function seedResponses(
  db: Db,
  o: { teamId: string; formId: string; versionId: string; linkId: string; n: number },
) {
  await db.execute(sql`
    insert into form_responses (team_id, form_id, client_id, seq, version_id, version_number, link_id,
      answers, answers_hash, fingerprint, submitted_at)
    select ${o.teamId}, ${o.formId}::uuid, gen_random_uuid(), g, ${o.versionId}::uuid, 1, ${o.linkId}::uuid,
      jsonb_build_object('name', 'Respondent ' || g, 'age', 18 + g % 60, 'water', case when g % 3 = 0 then 'tap' else 'well' end),
      'seeded-' || g, 'seeded-' || g, now() - make_interval(secs => ${o.n} - g)
    from generate_series(1, ${o.n}) g`);
  await db.execute(sql`update forms set response_seq = ${o.n} where id = ${o.formId}::uuid`);
  await db.execute(sql`analyze form_responses`);
}
