import type { TablePage } from '../table/table-query.js';
import type { ProjectStatus } from '../toc/vocabulary.js';
import type { Answers } from './answers.js';
import type { Choice, FormKind, QuestionDef, QuestionType, ReviewStatus } from './questions.js';
import type { VersionDiff } from './versions.js';
import type { FlagResolution, FlagRule } from './quality.js';
import type { AnswerChange } from './edits.js';
import type { ResponseExportView } from './responses-export.js';
import type { ClosedNotice } from './page-text/format.js';
import type { PrefillInstance } from './prefill.js';

/** Props of the forms pages (built by modules/forms/forms.props.ts). */

export interface FormProjectRef {
  id: string;
  name: string;
  status: ProjectStatus;
}

export interface FormListRow {
  id: string;
  name: string;
  kind: FormKind;
  anonymous: boolean;
  waves: string[];
  currentVersion: number;
  questionsCount: number;
  responsesCount: number;
  updatedAt: string;
}

export interface FormsIndexProps {
  project: FormProjectRef;
  forms: FormListRow[];
  can: { create: boolean };
}

export interface StakeholderRow {
  id: string;
  code: string;
  name: string;
  responsesCount: number;
  createdAt: string;
}

export interface StakeholdersIndexProps extends FormsIndexProps {
  stakeholders: TablePage<StakeholderRow>;
}

export interface FormCreateProps {
  project: FormProjectRef;
  kind: FormKind;
  languages: Array<{ code: string; label: string }>;
  defaultWaves: string[];
}

export interface FormSettings {
  opensAt: string | null;
  closesAt: string | null;
  responseLimit: number | null;
  thankYou: string | null;
  matchKeys: string[];
  /** the thank-you text in the form's other languages (language code -> text) */
  thankYouTranslations?: Record<string, string>;
}

export interface FormDetail {
  id: string;
  name: string;
  kind: FormKind;
  anonymous: boolean;
  waves: string[];
  language: string;
  /** the other languages (BCP-47 codes) */
  languages: string[];
  settings: FormSettings;
  currentVersion: number;
}

export interface BuilderQuestion extends QuestionDef {
  id: string;
  /** the key of the repeat group it is asked in (null: not in one) */
  repeatKey: string | null;
  /** the type it was last published with: it can no longer change */
  publishedType: string | null;
  surveyQuestion: { id: string; text: string } | null;
}

interface TocQuestionOption {
  id: string;
  text: string;
  answerType: string;
  dataPoint: string;
  metric: string;
  /** already in this form */
  used: boolean;
}

export interface FormFieldsProps {
  project: FormProjectRef;
  form: FormDetail;
  questions: BuilderQuestion[];
  versions: Array<{
    number: number;
    publishedAt: string;
    publishedBy: string | null;
    questions: number;
  }>;
  diff: VersionDiff;
  publicUrl: string | null;
  /** the draft's test link (null: none made yet) */
  testUrl: string | null;
  tocQuestions: TocQuestionOption[];
  languages: Array<{ code: string; label: string }>;
  can: { edit: boolean };
}

export interface ResponseRow {
  id: string;
  seq: number;
  version: number;
  wave: string | null;
  status: ReviewStatus;
  stakeholder: { id: string; code: string; name: string } | null;
  submittedAt: string;
  deleted: boolean;
  answers: Answers;
  /** the rules of its open data quality flags */
  flags: FlagRule[];
  /** a test response (the draft's test link): no response page, review or flags */
  test?: boolean;
}

export interface ResponsesFilters {
  /** responses with an open data quality flag of this rule */
  flag: FlagRule | null;
  wave: string | null;
  version: number | null;
  status: ReviewStatus | null;
  from: string | null;
  to: string | null;
  deleted: boolean;
  /** the draft's test responses (sent through its test link) instead of the real ones */
  test?: boolean;
}

/**
 * A question as a column of the responses table: what its answers are shown with (a choice's
 * label, not its stored value). Over every version by key: the latest label and type, and every
 * choice any version offered (an answer keeps the label of a choice removed since).
 */
export interface ResponseColumn {
  key: string;
  label: string;
  type: QuestionType;
  choices: Choice[];
  /** matrix: its rows */
  rows?: Choice[];
}

export interface FormResponsesProps {
  project: FormProjectRef;
  form: FormDetail;
  responses: TablePage<ResponseRow>;
  filters: ResponsesFilters;
  /** one column per question key, union of all versions */
  columns: ResponseColumn[];
  /** the repeat groups of any version (their keys): a CSV export is then a zip, an XLSX has their sheets */
  repeatGroups: string[];
  versions: number[];
  /** responses with an open data quality flag (the review queue's count) */
  flagged: number;
  /** responses sent through the draft's test link (kept apart) */
  testCount: number;
  can: { review: boolean; delete: boolean };
  /** the form's live dataset (its responses as rows, for the datagrid); null before the first publish */
  datasetId: string | null;
  /** the live datasets of its repeat groups (one row per instance), with each repeat's label */
  repeatDatasets: Array<{ id: string; label: string }>;
}

/** forms/response-export: a background export of a form's responses, its progress, then its download. */
export interface ResponseExportProps {
  project: FormProjectRef;
  form: { id: string; name: string; kind: FormKind };
  exportJob: ResponseExportView;
}

export interface ResponseFlag {
  id: string;
  rule: FlagRule;
  reason: string;
  createdAt: string;
  cleared: { at: string; by: string | null; resolution: FlagResolution } | null;
}

interface ResponseEditRow {
  revision: number;
  editedAt: string;
  editedBy: string | null;
  changes: Array<{
    key: string;
    label: string;
    from: AnswerChange['from'];
    to: AnswerChange['to'];
  }>;
}

/** surveyholders/response, stakeholders/response: one response, its history and its flags. */
export interface ResponseDetailProps {
  project: FormProjectRef;
  form: FormDetail;
  response: {
    id: string;
    seq: number;
    revision: number;
    version: number;
    wave: string | null;
    status: ReviewStatus;
    submittedAt: string;
    updatedAt: string;
    deleted: boolean;
    durationMs: number | null;
    link: { kind: 'open' | 'personal'; wave: string | null; revoked: boolean } | null;
    stakeholder: { id: string; code: string; name: string } | null;
    answers: Answers;
  };
  /** the questions of the version it was answered on (labels, and the edit form) */
  questions: QuestionDef[];
  history: ResponseEditRow[];
  flags: ResponseFlag[];
  can: { edit: boolean; delete: boolean };
}

/** surveyholders/review, stakeholders/review: a form's responses with open data quality flags. */
export interface ReviewQueueProps {
  project: FormProjectRef;
  form: FormDetail;
  items: Array<{
    flagId: string;
    rule: FlagRule;
    reason: string;
    createdAt: string;
    response: { id: string; seq: number; submittedAt: string; status: ReviewStatus };
  }>;
  can: { clear: boolean };
}

export interface StakeholderResponsesProps {
  project: FormProjectRef;
  stakeholder: { id: string; code: string; name: string; createdAt: string };
  /** one column per (form, wave) the stakeholder answered */
  columns: Array<{ id: string; form: string; wave: string | null; submittedAt: string }>;
  rows: Array<{ key: string; label: string; values: Record<string, string> }>;
  links: Array<{ id: string; form: string; wave: string | null; url: string; revoked: boolean }>;
  surveyForms: Array<{ id: string; name: string; waves: string[] }>;
  can: { links: boolean };
}

/** The public form document's data (JSON in the page, modules/forms/public-form.document.ts). */
export interface PublicFormProps {
  token: string;
  /** where the answers go (`public-forms.submit`) */
  submitUrl: string;
  /** where a file question's file is uploaded before the submission (`?question=&version=`) */
  filesUrl: string;
  /** the form page's service worker (`public-forms.worker`), its scope the folder above it */
  workerUrl: string;
  form: {
    name: string;
    /** the language the document was rendered in (the server's pick: ?lang=, Accept-Language) */
    language: string;
    dir: 'ltr' | 'rtl';
    thankYou: string | null;
    /** the default language and the others; the page picks ?lang=, the browser's, the default */
    defaultLanguage?: string;
    languages?: string[];
    thankYouTranslations?: Record<string, string>;
  };
  version: number | null;
  wave: string | null;
  questions: QuestionDef[];
  /** why the form takes no responses now (the page says it in its language), or null */
  closed: ClosedNotice | null;
  /**
   * a personal link (always, empty when nothing is known; never on an open link): the
   * stakeholder's known answers to this form's hidden questions, by key, and a repeat group's
   * known instances (their latest response, else their registration)
   */
  prefill?: Record<string, string | PrefillInstance[]>;
  /** the draft's test link: the page says its responses are kept apart as tests */
  test?: boolean;
}
