import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formFilePath } from '../../../src/server/modules/forms/form-files.js';
import { solidPng } from '../../helpers/png.js';
import { responseExportPath } from '../../../src/server/modules/forms/responses-export.job.js';
import {
  formExports,
  formFiles,
  formLinks,
  formResponseFlags,
  formQuestions,
  formResponses,
  formTestLinks,
  formTestResponses,
  formVersions,
  forms,
  stakeholders,
} from '../../../src/server/modules/forms/forms.tables.js';
import type { QuestionDef } from '../../../src/shared/forms/questions.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { AnswerPathCase, DomainSecurity } from './index.js';
import { hostileString, junkValue } from '../junk.js';
import { insertProject } from './rows.js';

/**
 * Records of team A for the forms routes, straight in the database: a project with a
 * stakeholder-linked survey form (waves baseline/endline) whose version 1 asks `name`, a draft
 * question added since (so it can be published again), its open link, a stakeholder, a personal
 * link and a response.
 */
export const FIXTURE_QUESTIONS: QuestionDef[] = [
  {
    key: 'name',
    type: 'short_text',
    label: 'Your name',
    hint: null,
    required: false,
    requiredMessage: null,
    defaultValue: null,
    choices: [],
    allowOther: false,
    scale: null,
    validation: {},
  },
];

export async function insertForm(c: FixtureContext, opts: { anonymous?: boolean } = {}) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const projectId = await insertProject(c, `Forms project ${randomUUID().slice(0, 6)}`);
  const [form] = await db
    .insert(forms)
    .values({
      teamId,
      projectId,
      kind: 'survey',
      name: 'Fixture survey',
      anonymous: opts.anonymous ?? false,
      waves: ['baseline', 'endline'],
      languages: ['fr'],
      currentVersion: 1,
      responseSeq: 1,
    })
    .returning();
  const [version] = await db
    .insert(formVersions)
    .values({ teamId, formId: form.id, number: 1, questions: FIXTURE_QUESTIONS })
    .returning();
  const [first] = await db
    .insert(formQuestions)
    .values([
      {
        teamId,
        formId: form.id,
        key: 'name',
        type: 'short_text',
        label: 'Your name',
        publishedType: 'short_text',
        position: 0,
      },
      { teamId, formId: form.id, key: 'age', type: 'integer', label: 'Your age', position: 1 },
    ])
    .returning();
  const [open] = await db
    .insert(formLinks)
    .values({ teamId, formId: form.id, token: randomBytes(32).toString('base64url') })
    .returning();
  const [stakeholder] = await db
    .insert(stakeholders)
    .values({
      teamId,
      projectId,
      code: `S-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: 'Fixture stakeholder',
    })
    .returning();
  const [personal] = await db
    .insert(formLinks)
    .values({
      teamId,
      formId: form.id,
      token: randomBytes(32).toString('base64url'),
      stakeholderId: stakeholder.id,
      wave: 'baseline',
    })
    .returning();
  const [response] = await db
    .insert(formResponses)
    .values({
      teamId,
      formId: form.id,
      clientId: randomUUID(),
      seq: 1,
      versionId: version.id,
      versionNumber: 1,
      linkId: personal.id,
      stakeholderId: stakeholder.id,
      wave: 'baseline',
      answers: { name: 'Ada' },
      answersHash: '[["name","Ada"]]',
    })
    .returning();
  const [flag] = await db
    .insert(formResponseFlags)
    .values({
      teamId,
      formId: form.id,
      responseId: response.id,
      rule: 'speeder',
      reason: 'Answered in 0.5 s: under 1 s per answered question (1 answered).',
    })
    .returning();
  return { form, question: first, open, personal, stakeholder, response, flag };
}

/** A finished background export of the fixture form's responses, its (tiny) CSV on disk. */
async function insertResponseExport(c: FixtureContext) {
  const { form } = await insertForm(c);
  const teamId = c.world.teamA.id;
  const [row] = await c.world.app.ctx.db
    .insert(formExports)
    .values({
      teamId,
      formId: form.id,
      requestedBy: c.self.id,
      options: { format: 'csv', content: 'values', multiple: 'joined' },
      filters: {
        flag: null,
        wave: null,
        version: null,
        status: null,
        from: null,
        to: null,
        deleted: false,
      },
      status: 'done',
      progress: { done: 1, total: 1 },
      byteSize: 10,
      finishedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: formExports.id });
  const file = responseExportPath(c.world.app.ctx.config.dataDir, teamId, row.id, 'csv');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'name\r\nAda\r\n');
  return row.id;
}

/** The fixture form's test link (its draft asks `name` and `age`) and one test response. */
export async function insertTestLink(c: FixtureContext) {
  const { form } = await insertForm(c, { anonymous: true });
  const token = randomBytes(32).toString('base64url');
  const db = c.world.app.ctx.db;
  await db.insert(formTestLinks).values({ teamId: form.teamId, formId: form.id, token });
  await db.insert(formTestResponses).values({
    teamId: form.teamId,
    formId: form.id,
    clientId: randomUUID(),
    seq: 1,
    questions: FIXTURE_QUESTIONS,
    answers: { name: 'Test' },
    answersHash: '[["name","Test"]]',
  });
  return { form, token };
}

export const FORMS_PARAM_FIXTURES = {
  responseExport: insertResponseExport,
  form: async (c: FixtureContext) => (await insertForm(c)).form.id,
  formQuestion: async (c: FixtureContext) => (await insertForm(c)).question.id,
  formResponse: async (c: FixtureContext) => (await insertForm(c)).response.id,
  formResponseFlag: async (c: FixtureContext) => (await insertForm(c)).flag.id,
  formLink: async (c: FixtureContext) => (await insertForm(c)).personal.id,
  stakeholder: async (c: FixtureContext) => (await insertForm(c)).stakeholder.id,
  /** the draft's test link of the fixture survey, with one test response (a token: public) */
  testToken: async (c: FixtureContext) => (await insertTestLink(c)).token,
  /** the open link of an anonymous published survey (a token, not an id: public) */
  formToken: async (c: FixtureContext) => (await insertForm(c, { anonymous: true })).open.token,
};

const bodies: DomainSecurity['bodies'] = {
  'forms.store': () => ({ name: 'Household survey', kind: 'survey', waves: ['baseline'] }),
  'forms.update': () => ({ name: 'Renamed by the matrix' }),
  'forms.questions.store': () => ({ type: 'short_text', label: 'Village' }),
  // a survey question of another project: refused on the field (422) once the form is found
  'forms.questions.from-toc': () => ({ surveyQuestionId: randomUUID() }),
  'forms.questions.update': () => ({ label: 'Edited by the matrix' }),
  'forms.questions.move': () => ({ direction: 'down' }),
  // the fixture form has French as its other language
  'forms.translations.update': () => ({
    language: 'fr',
    questions: { name: { label: 'Votre nom' } },
    thankYou: 'Merci',
  }),
  'responses.review': () => ({ status: 'approved' }),
  'responses.exports.store': () => ({ format: 'xlsx', content: 'labels', multiple: 'columns' }),
  // the fixture response is at revision 1 and answered `name` with "Ada"
  'responses.update': () => ({ revision: 1, answers: { name: 'Grace' } }),
  'responses.flags.clear': () => ({ resolution: 'keep' }),
  // the form must be a stakeholder-linked survey of the stakeholder's project: refused on the field here
  'stakeholders.links.store': () => ({ formId: randomUUID(), wave: 'endline' }),
  'public-forms.submit': () => ({ id: randomUUID(), version: 1, answers: { name: 'Grace' } }),
  'public-forms.test.submit': () => ({ id: randomUUID(), version: 0, answers: { name: 'Grace' } }),
  // the fixture survey's version 1 asks `name`: a valid response, so another team's token meets the lookup
  'api.forms.responses.store': () => ({ id: randomUUID(), version: 1, answers: { name: 'Grace' } }),
};

/** A photo attached to the fixture response, its file on disk (the download route's `file`) */
async function insertResponseFile(c: FixtureContext) {
  const { form, response } = await insertForm(c);
  const id = randomUUID();
  const png = solidPng(4, 4);
  await c.world.app.ctx.db.insert(formFiles).values({
    id,
    teamId: form.teamId,
    formId: form.id,
    responseId: response.id,
    questionKey: 'photo',
    storedPath: `uploads/form-${form.id}/${id}`,
    name: 'pump.png',
    size: png.length,
    contentType: 'image/png',
  });
  const file = formFilePath(c.world.app.ctx.config.dataDir, form.id, id);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, png);
  madeFiles.set(c, id);
  return response.id;
}
const madeFiles = new WeakMap<FixtureContext, string>();

/** The fixture response, its version asking a `photo` file question too (a replacement's target). */
async function insertResponseWithPhotoQuestion(c: FixtureContext) {
  const { form, response } = await insertForm(c);
  await c.world.app.ctx.db
    .update(formVersions)
    .set({
      questions: [
        ...FIXTURE_QUESTIONS,
        { ...FIXTURE_QUESTIONS[0], key: 'photo', type: 'file', label: 'Photo' },
      ],
    })
    .where(eq(formVersions.formId, form.id));
  return response.id;
}

/**
 * The fixture form's version 1 also asks a `members` repeat (name, age as a whole number): the open
 * link's submission and the fixture response's edit can then carry answers inside its instances.
 */
async function insertRepeatForm(c: FixtureContext) {
  const made = await insertForm(c, { anonymous: true });
  const q = (key: string, type: QuestionDef['type'], label: string): QuestionDef => ({
    ...FIXTURE_QUESTIONS[0],
    key,
    type,
    label,
  });
  await c.world.app.ctx.db
    .update(formVersions)
    .set({
      questions: [
        ...FIXTURE_QUESTIONS,
        {
          ...q('members', 'repeat', 'Members'),
          questions: [q('member_name', 'short_text', 'Name'), q('age', 'integer', 'Age')],
        },
      ],
    })
    .where(eq(formVersions.formId, made.form.id));
  return made;
}

/** An answer no whole-number question takes (never empty: an empty answer is dropped, not refused). */
const notAWholeNumber = fc.oneof(
  hostileString.filter((s) => s.trim() !== '' && !/^[-+]?\d+$/.test(s.trim())),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
  fc.constantFrom(true, false, 2 ** 53 + 2, '9'.repeat(40)),
  fc.array(junkValue, { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), junkValue, { minKeys: 1, maxKeys: 3 }),
);
/** One instance of `members`: fine, or junk in it (a bad age, a key the repeat does not ask), or not an object. */
const instance = fc.oneof(
  fc.record({
    kind: fc.constant('ok' as const),
    value: fc.constant({ member_name: 'Ann', age: 7 }),
  }),
  fc.record({
    kind: fc.constant('age' as const),
    value: notAWholeNumber.map((age) => ({ member_name: 'Ann', age })),
  }),
  fc.record({
    kind: fc.constant('unknown' as const),
    key: fc.stringMatching(/^[a-z0-9_]{1,12}$/).map((k) => `zz_junk_${k}`),
    value: junkValue,
  }),
  fc.record({
    kind: fc.constant('shape' as const),
    value: fc.oneof(
      fc.integer(),
      hostileString.filter((s) => s !== ''),
      fc.array(junkValue, { maxLength: 3 }),
    ),
  }),
);

/**
 * `members` lists with junk in at least one instance, and the error keys they must get: the 1-based
 * path of each bad answer (`members[2].age`), or, when an instance is not an object, that instance
 * alone (`members[3]`: the first one, nothing inside the list is checked then).
 */
export const junkInRepeat: fc.Arbitrary<{ members: unknown[]; paths: string[] }> = fc
  .array(instance, { minLength: 1, maxLength: 4 })
  .filter((list) => list.some((i) => i.kind !== 'ok'))
  .map((list) => {
    const members = list.map((i) =>
      i.kind === 'unknown' ? { member_name: 'Ann', [i.key]: i.value } : i.value,
    );
    const shape = list.findIndex((i) => i.kind === 'shape');
    const paths =
      shape >= 0
        ? [`members[${shape + 1}]`]
        : list.flatMap((i, n) =>
            i.kind === 'age'
              ? [`members[${n + 1}].age`]
              : i.kind === 'unknown'
                ? [`members[${n + 1}].${i.key}`]
                : [],
          );
    return { members, paths: paths.sort() };
  })
  // under the 1 MiB body limit and without `__proto__` / `constructor` keys: the parser refuses those
  // bodies whole (413, 400 BAD_JSON), as every route's fixed cases already check
  .filter((c) => {
    const json = JSON.stringify(c.members);
    return json.length < 400_000 && !/"(__proto__|constructor)":/.test(json);
  });

/** Junk inside repeat instances on the routes that take answers (bad-input.int.test.ts walks them). */
const answerPaths: Record<string, AnswerPathCase> = {
  'public-forms.submit': {
    url: async (c) => `/f/${(await insertRepeatForm(c)).open.token}`,
    body: (members) => ({ id: randomUUID(), version: 1, answers: { name: 'Grace', members } }),
  },
  'responses.update': {
    url: async (c) => `/form-responses/${(await insertRepeatForm(c)).response.id}`,
    body: (members) => ({ revision: 1, answers: { members } }),
  },
};

export const formsSecurity: DomainSecurity = {
  routeParamFixtures: {
    'responses.files.show': { formResponse: insertResponseFile, file: (c) => madeFiles.get(c)! },
    'responses.files.store': {
      formResponse: insertResponseWithPhotoQuestion,
      question: async () => 'photo',
    },
  },
  expectations: {
    'forms.surveys': { access: 'team:content.view' },
    'stakeholders.index': { access: 'team:content.view' },
    'forms.create': { access: 'team:content.create' },
    'forms.store': { access: 'team:content.create' },
    'forms.fields': { access: 'team:content.view' },
    'forms.xlsform': { access: 'team:content.create' },
    'forms.xlsform.check': { access: 'team:content.create' },
    'forms.xlsform.store': { access: 'team:content.create' },
    'forms.xlsform.export': { access: 'team:content.view' },
    'forms.update': { access: 'team:content.update' },
    'form-versions.store': {
      access: 'team:content.update',
      noBody: 'publishes the draft of the form named in the URL',
    },
    'forms.questions.store': { access: 'team:content.update' },
    'forms.questions.from-toc': { access: 'team:content.update' },
    'forms.questions.update': { access: 'team:content.update' },
    'forms.questions.destroy': {
      access: 'team:content.update',
      noBody: 'removes the draft question named in the URL',
    },
    'forms.questions.move': { access: 'team:content.update' },
    'forms.translations.update': { access: 'team:content.update' },
    'forms.questions.duplicate': {
      access: 'team:content.update',
      noBody: 'copies the draft question named in the URL',
    },
    'responses.index': { access: 'team:content.view' },
    'responses.export': { access: 'team:content.view' },
    // a small export: the download's address (a large one: a job, tested in responses-export.int.test.ts)
    'responses.exports.store': { access: 'team:content.view' },
    'responses.exports.show': { access: 'team:content.view' },
    'responses.exports.download': { access: 'team:content.view' },
    'responses.review': { access: 'team:content.update' },
    'responses.destroy': {
      access: 'team:content.delete',
      noBody: 'soft-deletes the response named in the URL',
    },
    'responses.restore': {
      access: 'team:content.update',
      noBody: 'restores the response named in the URL',
    },
    'responses.show': { access: 'team:content.view' },
    'responses.update': { access: 'team:content.update' },
    'responses.queue': { access: 'team:content.view' },
    'responses.flags.clear': { access: 'team:content.update' },
    'stakeholders.show': { access: 'team:content.view' },
    'stakeholders.links.store': { access: 'team:content.create' },
    'stakeholders.links.destroy': {
      access: 'team:content.delete',
      noBody: 'withdraws the link named in the URL',
    },
    'public-forms.show': { access: 'public' },
    'public-forms.worker': { access: 'public' },
    'public-forms.submit': { access: 'public' },
    'public-forms.files.store': { access: 'public' },
    'public-forms.test.show': { access: 'public' },
    'public-forms.test.submit': { access: 'public' },
    'forms.test-link.store': {
      access: 'team:content.update',
      noBody: 'makes the test link of the form named in the URL',
    },
    'responses.test.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the test responses of the form named in the URL',
    },
    'responses.files.show': { access: 'team:content.view' },
    // a reviewer's replacement file (multipart: the fuzz of JSON bodies does not apply)
    'responses.files.store': { access: 'team:content.update' },
    'api.forms.index': { access: 'api:read:content.view' },
    'api.forms.show': { access: 'api:read:content.view' },
    'api.forms.versions': { access: 'api:read:content.view' },
    'api.forms.responses': { access: 'api:read:content.view' },
    'api.forms.responses.store': { access: 'api:create:content.create' },
    'api.responses.show': { access: 'api:read:content.view' },
    'api.stakeholders.index': { access: 'api:read:content.view' },
    'api.stakeholders.show': { access: 'api:read:content.view' },
  },
  bodies,
  answerPaths,
};
