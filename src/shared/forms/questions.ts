/**
 * Form question types and definitions (zod-free: the public form page and the builder import it
 * without zod). A question is identified by its `key`, never its position or label.
 */
import type { QuestionTranslations } from './translations.js';
export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'integer',
  'decimal',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'yes_no',
  'rating',
  'nps',
  'range',
  'date',
  'time',
  'datetime',
  'email',
  'phone',
  'note',
  'page',
  'acknowledge',
  'matrix',
  'ranking',
  'geopoint',
  'calculate',
  'hidden',
  'file',
  'repeat',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  integer: 'Whole number',
  decimal: 'Decimal number',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  yes_no: 'Yes / no',
  rating: 'Rating / Likert scale',
  nps: 'Net Promoter Score (0–10)',
  range: 'Range / slider',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  email: 'Email',
  phone: 'Phone',
  note: 'Note (display only)',
  page: 'Page break (display only)',
  acknowledge: 'Acknowledge / consent',
  matrix: 'Matrix (rows × a shared scale)',
  ranking: 'Ranking (order the choices)',
  geopoint: 'Location (latitude / longitude)',
  calculate: 'Calculate (hidden computed value)',
  hidden: 'Hidden / prefilled value',
  file: 'File or photo',
  repeat: 'Repeat group (e.g. household members)',
};

const CHOICE_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice', 'dropdown'];
/** Types whose `choices` list is edited in the builder: the choice types, a matrix's shared scale, a ranking's items. */
const CHOICE_LIST_TYPES: readonly QuestionType[] = [...CHOICE_TYPES, 'matrix', 'ranking'];
export const hasChoiceList = (t: QuestionType) => CHOICE_LIST_TYPES.includes(t);
/** Types the respondent never sees: a calculate (computed) and a hidden (prefilled) value. */
const UNSEEN_TYPES: readonly QuestionType[] = ['calculate', 'hidden'];
export const isUnseen = (t: QuestionType) => UNSEEN_TYPES.includes(t);
/** A matrix with at least this many rows all answered the same is flagged as straight-lining. */
export const STRAIGHT_LINING_MIN_ROWS = 4;
/** The dataset / export column of one matrix row: `<key>_<row value>`. */
export const matrixColumn = (key: string, row: string) => `${key}_${row}`;
export const NUMBER_TYPES: readonly QuestionType[] = ['integer', 'decimal', 'range'];
export const DATE_TYPES: readonly QuestionType[] = ['date', 'time', 'datetime'];
export const TEXT_TYPES: readonly QuestionType[] = ['short_text', 'long_text', 'email', 'phone'];

export const hasChoices = (t: QuestionType) => CHOICE_TYPES.includes(t);

/** Types that may be read-only (shown with their default): one value a default can give. */
const READ_ONLY_TYPES: readonly QuestionType[] = [
  ...TEXT_TYPES,
  ...NUMBER_TYPES,
  ...DATE_TYPES,
  ...CHOICE_TYPES,
  'yes_no',
  'rating',
  'nps',
];
export const canBeReadOnly = (t: QuestionType) => READ_ONLY_TYPES.includes(t);

/**
 * Types that take no answer: a note (text shown between questions) and a page break (the public form
 * starts a new page there, its label the page's title). Never required, never a data column.
 */
const DISPLAY_ONLY_TYPES: readonly QuestionType[] = ['note', 'page'];
/** Types that may not sit inside a repeat group (a page break, a file upload). */
export const NOT_IN_REPEAT: readonly QuestionType[] = ['page', 'file'];
/**
 * How deep repeat groups may nest: a repeat (households), one inside it (members), one inside that
 * (visits). Kobo and ODK take any depth; three levels cover the forms M&E teams write, and every
 * level is a sheet of the export and a dataset of its own.
 */
export const REPEAT_DEPTH_MAX = 3;
export const isDisplayOnly = (t: QuestionType) => DISPLAY_ONLY_TYPES.includes(t);

/** A question key: lower-case letters, digits and underscores, starting with a letter; `__` is reserved. */
export const QUESTION_KEY_RE = /^[a-z][a-z0-9_]{0,62}$/;
/** The answer key holding the "other, specify" text of a choice question. */
export const otherKey = (key: string) => `${key}__other`;
/** The choice value that stands for "other, specify". */
export const OTHER_VALUE = 'other';

export interface Choice {
  value: string;
  label: string;
  /**
   * the choice's own columns beside its value and label (XLSForm's extra choices columns, e.g.
   * `state: 'lagos'` on a city): what a choice filter's bare names read
   */
  properties?: Record<string, string>;
}

/** A choice property's name: what a choice filter reads bare (`state = ${state}`). */
export const CHOICE_PROPERTY_RE = /^[a-z][a-z0-9_]{0,31}$/;
/** The names a choice filter reads for every choice: its value and its label. */
export const CHOICE_OWN_COLUMNS = ['name', 'label'] as const;
/** The most choices a question may have (long lists are what choice filters cut down). */
export const CHOICES_MAX = 2000;
/** The most properties one choice may carry. */
export const CHOICE_PROPERTIES_MAX = 10;

export interface QuestionValidation {
  /** numbers: the smallest and largest answer; dates: YYYY-MM-DD (times HH:MM) bounds */
  min?: string | null;
  max?: string | null;
  /** range: the slider's step (default 1) */
  step?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
  pattern?: string | null;
  patternMessage?: string | null;
  /** file: what may be attached (default photo) */
  fileKinds?: 'photo' | 'document' | 'any' | 'audio' | null;
  /** file: the size limit in MB (default 10, at most 25) */
  maxSizeMb?: number | null;
}

/** One question as a form version stores it (the snapshot) and the public page renders it. */
export interface QuestionDef {
  key: string;
  type: QuestionType;
  label: string;
  hint: string | null;
  required: boolean;
  requiredMessage: string | null;
  defaultValue: string | null;
  choices: Choice[];
  allowOther: boolean;
  /** rating: the top of the scale (3..10) */
  scale: number | null;
  validation: QuestionValidation;
  /** skip logic: shown only when this expression is true (null: always shown) */
  relevant?: string | null;
  /**
   * required: only when this expression over earlier answers is true (XLSForm's `required` given as
   * an expression); null: whenever shown
   */
  requiredWhen?: string | null;
  /** shown with its default and never changed by the respondent (the server keeps the default) */
  readOnly?: boolean;
  /**
   * choice types: a choice is offered only when this is true for it (XLSForm `choice_filter`):
   * bare names read the choice (`name`, `label`, its properties), `${key}` earlier answers
   */
  choiceFilter?: string | null;
  /** a custom constraint over `.` (this answer) and earlier answers; checked when answered */
  constraint?: string | null;
  constraintMessage?: string | null;
  /** matrix: its rows (the shared scale is `choices`); the answer is an object row value -> scale value */
  rows?: Choice[];
  /**
   * calculate, or a read-only question: the expression computed from earlier answers (the server
   * recomputes it on submit; a read-only question shows it)
   */
  calculation?: string | null;
  /** the texts in the form's other languages (language code -> texts); missing: the default's */
  translations?: QuestionTranslations;
  /**
   * repeat: the questions asked once per instance (their keys are unique in the whole form); the
   * answer is an array of objects, one per instance. `validation.min` / `max` bound the count.
   */
  questions?: QuestionDef[];
  /** repeat: an expression giving the number of instances (XLSForm `repeat_count`) */
  repeatCount?: string | null;
  /** repeat: what one instance is called ("member": "Add member", "Remove member 2") */
  itemLabel?: string | null;
}

/** The path of an answer inside a repeat instance (1-based, as XPath counts): `members[2].age`. */
export const repeatPath = (repeat: string, index: number, key: string) =>
  `${repeat}[${index + 1}].${key}`;

/** The most instances a repeat takes when its config sets no maximum. */
export const REPEAT_CAP = 200;

/**
 * Every question of a version in the order a respondent meets them, those inside repeats (at any
 * depth) after their repeat (for lookups by key).
 */
export function allQuestions<Q extends { questions?: readonly Q[] }>(questions: readonly Q[]): Q[] {
  return questions.flatMap((q) => [q, ...allQuestions(q.questions ?? [])]);
}

/** The name of one instance of a repeat ("member"), from its item label or its label. */
export const itemNoun = (q: Pick<QuestionDef, 'itemLabel' | 'label'>) =>
  (q.itemLabel ?? '').trim() || 'entry';

/** A geopoint answer: decimal degrees, the accuracy in metres when the device gave one. */
export interface GeoAnswer {
  lat: number;
  lon: number;
  accuracy?: number;
}

/** Scripts written right to left: the form page sets `dir="rtl"` for them. */
const RTL = new Set(['ar', 'ur', 'fa', 'he', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);
export const dirOf = (lang: string): 'rtl' | 'ltr' =>
  RTL.has(lang.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';

export const FORM_LANGUAGES: Array<{ code: string; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'pt', label: 'Português' },
  { code: 'sw', label: 'Kiswahili' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'bn', label: 'বাংলা' },
  { code: 'ar', label: 'العربية' },
  { code: 'ur', label: 'اردو' },
  { code: 'fa', label: 'فارسی' },
  { code: 'he', label: 'עברית' },
];

export const FORM_KINDS = ['survey', 'stakeholder'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const REVIEW_STATUSES = ['received', 'approved', 'has_issues', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  received: 'Received',
  approved: 'Approved',
  has_issues: 'Has issues',
  rejected: 'Rejected',
};

export const DEFAULT_WAVES = ['baseline', 'midline', 'endline'];

/** A range (slider) question's start, end and step: XLSForm's defaults (1, 10, 1) where unset. */
export function rangeBounds(q: Pick<QuestionDef, 'validation'>): {
  min: number;
  max: number;
  step: number;
} {
  const read = (v: string | null | undefined, d: number) => {
    const n = v == null || v.trim() === '' ? NaN : Number(v);
    return Number.isFinite(n) ? n : d;
  };
  const step = read(q.validation.step, 1);
  return {
    min: read(q.validation.min, 1),
    max: read(q.validation.max, 10),
    step: step > 0 ? step : 1,
  };
}

/** Whether a value lies on a range's steps from its start (to a millionth of a step). */
export function onRangeStep(n: number, r: { min: number; step: number }): boolean {
  const k = (n - r.min) / r.step;
  return Math.abs(k - Math.round(k)) < 1e-6;
}

/** Whether a question's value is computed from its calculation: a calculate, or a read-only question with one. */
export const isComputed = (q: Pick<QuestionDef, 'type' | 'readOnly' | 'calculation'>) =>
  q.type === 'calculate' || (Boolean(q.readOnly) && Boolean(q.calculation?.trim()));
