import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { surveyQuestions } from '../metrics/read-model.js';
import type { Answers } from '../../../shared/forms/answers.js';
import type {
  Choice,
  FormKind,
  QuestionDef,
  QuestionType,
  QuestionValidation,
  ReviewStatus,
} from '../../../shared/forms/questions.js';
import type { QuestionTranslations } from '../../../shared/forms/translations.js';
import type { FormSettings, ResponsesFilters } from '../../../shared/forms/forms.pages.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import type { ExportStatus } from '../../../shared/settings/export-status.js';
import type { ResponseExportOptions } from '../../../shared/forms/responses-export.js';
import type { AnswerChange } from '../../../shared/forms/edits.js';
import type { FlagResolution, FlagRule } from '../../../shared/forms/quality.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A stakeholder form (registers stakeholders) or a survey form (answered in waves). */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FormKind>().notNull(),
    name: text('name').notNull(),
    /** survey forms: no stakeholder behind the answers */
    anonymous: boolean('anonymous').notNull().default(true),
    waves: jsonb('waves').$type<string[]>().notNull().default([]),
    language: text('language').notNull().default('en'),
    /** the form's other languages (BCP-47 codes); the questions keep their texts in each */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    settings: jsonb('settings').$type<FormSettings>().notNull().default({
      opensAt: null,
      closesAt: null,
      responseLimit: null,
      thankYou: null,
      matchKeys: [],
    }),
    /** the number of the latest published version (0: never published) */
    currentVersion: integer('current_version').notNull().default(0),
    /** the last response sequence number given (responses' `seq`, the dataset's `_row`) */
    responseSeq: integer('response_seq').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('forms_project_idx').on(t.projectId, t.kind)],
);

/** A question of a form's draft; publishing snapshots the list into `form_versions`. */
export const formQuestions = pgTable(
  'form_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type').$type<QuestionType>().notNull(),
    label: text('label').notNull(),
    hint: text('hint'),
    required: boolean('required').notNull().default(false),
    requiredMessage: text('required_message'),
    defaultValue: text('default_value'),
    choices: jsonb('choices').$type<Choice[]>().notNull().default([]),
    allowOther: boolean('allow_other').notNull().default(false),
    scale: integer('scale'),
    validation: jsonb('validation').$type<QuestionValidation>().notNull().default({}),
    /** skip logic: an expression over earlier answers; the question is shown when it is true */
    relevant: text('relevant'),
    /** required only when this expression over earlier answers is true (with `required`) */
    requiredWhen: text('required_when'),
    /** shown with its default, never changed by the respondent */
    readOnly: boolean('read_only').notNull().default(false),
    /** choice types: a choice is offered only when this is true for it (XLSForm choice_filter) */
    choiceFilter: text('choice_filter'),
    /** a custom constraint over `.` and earlier answers, with the message shown when it fails */
    constraint: text('constraint'),
    constraintMessage: text('constraint_message'),
    /** matrix: its rows (the shared scale is `choices`) */
    rows: jsonb('rows').$type<Choice[]>().notNull().default([]),
    /** calculate: the expression computed from earlier answers */
    calculation: text('calculation'),
    /** the key of the repeat group this question is asked in, once per instance (null: not in one) */
    repeatKey: text('repeat_key'),
    /** repeat: an expression giving the number of instances (XLSForm `repeat_count`) */
    repeatCount: text('repeat_count'),
    /** repeat: what one instance is called ("member": "Add member") */
    itemLabel: text('item_label'),
    /** the texts in the form's other languages (snapshotted with the question on publish) */
    translations: jsonb('translations').$type<QuestionTranslations>().notNull().default({}),
    /** the theory-of-change survey question this question asks (its data point reads the answers) */
    surveyQuestionId: uuid('survey_question_id').references(() => surveyQuestions.id, {
      onDelete: 'set null',
    }),
    /** the type it was last published with (null: never published); it can no longer change */
    publishedType: text('published_type').$type<QuestionType>(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_questions_form_key_uq').on(t.formId, t.key),
    index('form_questions_form_idx').on(t.formId, t.position),
    index('form_questions_survey_question_idx').on(t.surveyQuestionId),
  ],
);

/** An immutable published version: the question definitions as they were. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    questions: jsonb('questions').$type<QuestionDef[]>().notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_versions_form_number_uq').on(t.formId, t.number)],
);

/** A person or organisation the programme serves: a stable code within the team. */
export const stakeholders = pgTable(
  'stakeholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** S-XXXXXXXX: stable, unique within the team, never reused */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** the registration answers (the latest, when a match updated it) */
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stakeholders_team_code_uq').on(t.teamId, t.code),
    index('stakeholders_project_idx').on(t.projectId),
  ],
);

/** A form's link: the anonymous one, or a stakeholder's personal link for one wave (revocable). */
export const formLinks = pgTable(
  'form_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url: unguessable */
    token: text('token').notNull(),
    stakeholderId: uuid('stakeholder_id').references(() => stakeholders.id, {
      onDelete: 'cascade',
    }),
    wave: text('wave'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_links_token_uq').on(t.token),
    index('form_links_form_idx').on(t.formId),
    index('form_links_stakeholder_idx').on(t.stakeholderId),
  ],
);

/** One submission. `client_id` is made on the device: unique per form, so a retry stores nothing twice. */
export const formResponses = pgTable(
  'form_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** per form, increasing; the dataset view's `_row` */
    seq: integer('seq').notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => formVersions.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    linkId: uuid('link_id').references(() => formLinks.id, { onDelete: 'set null' }),
    stakeholderId: uuid('stakeholder_id').references(() => stakeholders.id, {
      onDelete: 'set null',
    }),
    wave: text('wave'),
    answers: jsonb('answers').$type<Answers>().notNull(),
    /** canonical text of the answers: a retry with the same id must carry the same */
    answersHash: text('answers_hash').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('received'),
    /** 1 when received, +1 per edit: an edit names the revision it was made on (stale: 409) */
    revision: integer('revision').notNull().default(1),
    /** the device's time from opening the form to sending it (optional: the speeder rule reads it) */
    durationMs: integer('duration_ms'),
    /** the non-empty answers as a stable text (`answersFingerprint`): identical answers find each other */
    fingerprint: text('fingerprint'),
    deletedAt: ts('deleted_at'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_responses_client_uq').on(t.formId, t.clientId),
    index('form_responses_form_seq_idx').on(t.formId, t.seq),
    index('form_responses_stakeholder_idx').on(t.stakeholderId),
    // with seq: the duplicate rule's "first earlier response with the same answers" is one index probe
    index('form_responses_fingerprint_idx').on(t.formId, t.fingerprint, t.seq),
  ],
);

/** One edit of a response's answers: who, when, and per key the previous and new value. */
export const formResponseEdits = pgTable(
  'form_response_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    /** the revision this edit made */
    revision: integer('revision').notNull(),
    changes: jsonb('changes').$type<AnswerChange[]>().notNull(),
    editedBy: text('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: ts('edited_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_response_edits_revision_uq').on(t.responseId, t.revision)],
);

/** A data quality flag on a response (one per rule), open until a reviewer clears it. */
export const formResponseFlags = pgTable(
  'form_response_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<FlagRule>().notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    clearedAt: ts('cleared_at'),
    clearedBy: text('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution').$type<FlagResolution>(),
  },
  (t) => [
    uniqueIndex('form_response_flags_rule_uq').on(t.responseId, t.rule),
    index('form_response_flags_form_idx').on(t.formId, t.clearedAt),
  ],
);

/**
 * A merge of two stakeholders found to be the same person: the one merged away is kept here as it
 * was (code, name, answers), with what moved to the one kept. Never written silently: a team
 * member merges from the longitudinal view's review list (audited as `stakeholder.merged`).
 */
export const stakeholderMerges = pgTable(
  'stakeholder_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    keptId: uuid('kept_id')
      .notNull()
      .references(() => stakeholders.id, { onDelete: 'cascade' }),
    /** no foreign key: the merged stakeholder is deleted by the merge */
    mergedId: uuid('merged_id').notNull(),
    mergedCode: text('merged_code').notNull(),
    mergedName: text('merged_name').notNull(),
    mergedAnswers: jsonb('merged_answers').$type<Answers>().notNull(),
    responsesMoved: integer('responses_moved').notNull(),
    linksMoved: integer('links_moved').notNull(),
    mergedBy: text('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: ts('merged_at').notNull().defaultNow(),
  },
  (t) => [index('stakeholder_merges_kept_idx').on(t.keptId)],
);

/**
 * A file or photo a respondent uploaded for a `file` question: uploaded first through the form's
 * public link (`response_id` null), attached to the response in the submission's transaction.
 * Unattached uploads older than a day are pruned (form-files.prune-job.ts). The bytes live at
 * `uploadPath(dataDir, 'form-<form id>', id)`.
 */
export const formFiles = pgTable(
  'form_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => formResponses.id, { onDelete: 'cascade' }),
    /** the question it answers */
    questionKey: text('question_key').notNull(),
    /** relative to the data dir: uploads/form-<form>/<id> */
    storedPath: text('stored_path').notNull(),
    /** the name the respondent's device gave (shown, and the download's file name) */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** the type sniffed from the bytes, never the one the browser claimed */
    contentType: text('content_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('form_files_response_idx').on(t.responseId),
    index('form_files_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.responseId} IS NULL`),
  ],
);

/**
 * A background export of a form's responses (more than RESPONSE_EXPORT_JOB_THRESHOLD match): the
 * file is DATA_DIR/exports/<team>/responses-<id>.<format>, deleted when it expires.
 */
export const formExports = pgTable(
  'form_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** the dialog's options and the list filters it was started with */
    options: jsonb('options').$type<ResponseExportOptions>().notNull(),
    filters: jsonb('filters').$type<ResponsesFilters>().notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    /** rows written of the responses that matched when it started */
    progress: jsonb('progress').$type<{ done: number; total: number }>(),
    byteSize: bigint('byte_size', { mode: 'number' }),
    failure: text('failure'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('form_exports_form_idx').on(t.formId, t.createdAt)],
);

/**
 * A form's test link: it opens the current draft (not a published version) on the public form
 * page. One per form, made by a team member from the builder ("Test this draft"); the token is
 * 32 random bytes (unguessable). Its responses go to `form_test_responses`, never `form_responses`.
 */
export const formTestLinks = pgTable(
  'form_test_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_test_links_form_uq').on(t.formId),
    uniqueIndex('form_test_links_token_uq').on(t.token),
  ],
);

/**
 * A response sent through a form's test link: kept apart from the real responses (no version, no
 * dataset row, no metric, flag, export or webhook reads this table), with the draft questions it
 * was answered on. Deleted in one action, and when the draft is published.
 */
export const formTestResponses = pgTable(
  'form_test_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** the test's number within the form (shown as #) */
    seq: integer('seq').notNull(),
    questions: jsonb('questions').$type<QuestionDef[]>().notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    answersHash: text('answers_hash').notNull(),
    wave: text('wave'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_test_responses_client_uq').on(t.formId, t.clientId)],
);
