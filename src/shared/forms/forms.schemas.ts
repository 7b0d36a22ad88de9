import { z } from 'zod';
import { compilePattern, isCalendarDate } from './answers.js';
import {
  CHOICE_OWN_COLUMNS,
  CHOICE_PROPERTIES_MAX,
  CHOICE_PROPERTY_RE,
  CHOICES_MAX,
  FORM_KINDS,
  FORM_LANGUAGES,
  OTHER_VALUE,
  QUESTION_KEY_RE,
  QUESTION_TYPES,
  REVIEW_STATUSES,
  canBeReadOnly,
  hasChoiceList,
  hasChoices,
  rangeBounds,
} from './questions.js';
import { canonicalLanguage } from './translations.js';
import { RESPONSE_EXPORT_FILTERS, RESPONSE_EXPORT_FORMATS } from './responses-export.js';
import { FLAG_RESOLUTIONS } from './quality.js';
import { FILE_KINDS, FILE_MAX_MB_CAP } from './files.js';

/** Inputs of forms, questions, versions, responses and links (shared by client and server). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optText = (max: number) =>
  z
    .preprocess(
      blankToNull,
      z.string().trim().max(max, `Use at most ${max} characters.`).nullable(),
    )
    .optional();
/** An update must change something: an empty body is refused. */
const changesSomething = (o: Record<string, unknown>) =>
  Object.values(o).some((v) => v !== undefined);
const toInt = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^\s*-?\d+\s*$/.test(b) ? Number(b) : b;
};
const optInt = (min: number, max: number, what: string) =>
  z
    .preprocess(
      toInt,
      z
        .number({ error: `Enter a whole number for the ${what}.` })
        .int(`Enter a whole number for the ${what}.`)
        .min(min, `The ${what} is at least ${min}.`)
        .max(max, `The ${what} is at most ${max}.`)
        .nullable(),
    )
    .optional();

const FORM_NAME_MAX = 200;
const QUESTION_LABEL_MAX = 1000;
export const WAVE_RE = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const LANG_CODES = FORM_LANGUAGES.map((l) => l.code) as [string, ...string[]];

const waves = z
  .array(
    z
      .string()
      .trim()
      .regex(WAVE_RE, 'Name a wave with lower-case letters, digits, - and _ (e.g. baseline).'),
  )
  .max(20, 'At most 20 waves.')
  .refine((w) => new Set(w).size === w.length, 'Each wave once.');

export const createFormSchema = z.strictObject({
  name: z
    .string({ error: 'Give the form a name.' })
    .trim()
    .min(1, 'Give the form a name.')
    .max(FORM_NAME_MAX, `Use at most ${FORM_NAME_MAX} characters.`),
  kind: z.enum(FORM_KINDS, { error: 'Choose survey or stakeholder form.' }),
  waves: waves.optional(),
  anonymous: z.boolean({ error: 'Choose anonymous or linked to stakeholders.' }).optional(),
  language: z.enum(LANG_CODES, { error: 'Choose a language from the list.' }).optional(),
});
export type CreateFormInput = z.infer<typeof createFormSchema>;

const optDateTime = z
  .preprocess(
    blankToNull,
    z
      .string()
      .refine(
        (s) =>
          isCalendarDate(s.slice(0, 10)) &&
          /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?$/.test(s),
        'Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM).',
      )
      .nullable(),
  )
  .optional();

/** A BCP-47 language code (`fr`, `fr-CA`, `zh-Hant`), canonicalised. */
const languageCode = z
  .string({ error: 'Enter a language code such as fr, ar or pt-BR.' })
  .trim()
  .max(35, 'Enter a language code such as fr, ar or pt-BR.')
  .transform((c, ctx) => {
    const canonical = canonicalLanguage(c);
    if (!canonical) {
      ctx.addIssue({
        code: 'custom',
        message: `“${c}” is not a language code: use one such as fr, ar or pt-BR.`,
      });
      return z.NEVER;
    }
    return canonical;
  });

export const updateFormSchema = z
  .strictObject({
    name: createFormSchema.shape.name.optional(),
    language: createFormSchema.shape.language,
    /** the form's other languages */
    languages: z
      .array(languageCode)
      .max(20, 'At most 20 other languages.')
      .refine((l) => new Set(l).size === l.length, 'Each language once.')
      .optional(),
    waves: waves.optional(),
    opensAt: optDateTime,
    closesAt: optDateTime,
    responseLimit: optInt(1, 10_000_000, 'response limit'),
    thankYou: optText(2000),
    matchKeys: z
      .array(z.string().regex(QUESTION_KEY_RE, 'Choose questions of this form.'))
      .max(5, 'Match on at most 5 questions.')
      .optional(),
  })
  .refine((o) => !(o.opensAt && o.closesAt && o.closesAt <= o.opensAt), {
    message: 'The form must close after it opens.',
    path: ['closesAt'],
  })
  .refine(changesSomething, { message: 'Change at least one setting.', path: ['name'] });
export type UpdateFormInput = z.infer<typeof updateFormSchema>;

const choiceValue = z
  .string({ error: 'Give each choice a value.' })
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Choice values use letters, digits, . _ - (at most 64).');

const validationSchema = z.strictObject({
  min: optText(40),
  max: optText(40),
  /** range: the slider's step */
  step: optText(40),
  minLength: optInt(0, 10000, 'minimum length'),
  maxLength: optInt(1, 10000, 'maximum length'),
  pattern: optText(200),
  patternMessage: optText(300),
  /** file questions: what may be attached, and the size limit (MB, at most 25) */
  fileKinds: z
    .enum(FILE_KINDS, { error: 'Choose photo, document, both, or audio.' })
    .nullable()
    .optional(),
  maxSizeMb: optInt(1, FILE_MAX_MB_CAP, 'size limit (MB)'),
});

const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: 'Choose a question type from the list.' }),
  key: z
    .string({ error: 'Give the question a key.' })
    .trim()
    .regex(
      QUESTION_KEY_RE,
      'Use lower-case letters, digits and _, starting with a letter (at most 63).',
    )
    .refine((k) => !k.includes('__'), 'A key may not contain “__” (reserved).'),
  label: z
    .string({ error: 'Give the question a label.' })
    .trim()
    .min(1, 'Give the question a label.')
    .max(QUESTION_LABEL_MAX, `Use at most ${QUESTION_LABEL_MAX} characters.`),
  hint: optText(1000),
  required: z.boolean().optional(),
  requiredMessage: optText(300),
  defaultValue: optText(1000),
  choices: z
    .array(
      z.strictObject({
        value: choiceValue,
        label: z.string().trim().min(1, 'Give each choice a label.').max(500),
        /** checked by questionRuleErrors, on the choices field (names, how many) */
        properties: z
          .record(
            z.string().max(64),
            z.string().trim().max(200, 'A choice property holds at most 200 characters.'),
          )
          .optional(),
      }),
    )
    .max(CHOICES_MAX, `At most ${CHOICES_MAX} choices.`)
    .optional(),
  allowOther: z.boolean().optional(),
  scale: optInt(3, 10, 'scale'),
  validation: validationSchema.optional(),
  relevant: optText(5000),
  /** required only when this expression is true (with `required`) */
  requiredWhen: optText(5000),
  /** shown with its default, never changed by the respondent */
  readOnly: z.boolean().optional(),
  /** choice types: a choice is offered only when this is true for it */
  choiceFilter: optText(5000),
  constraint: optText(5000),
  constraintMessage: optText(300),
  /** matrix: the rows (the shared scale is `choices`); each row value becomes a column `<key>_<row>` */
  rows: z
    .array(
      z.strictObject({
        value: z
          .string({ error: 'Give each row a value.' })
          .trim()
          .regex(
            /^[a-z0-9][a-z0-9_]{0,29}$/,
            'Row values use lower-case letters, digits and _ (at most 30): each becomes a data column.',
          )
          .refine((v) => !v.includes('__'), 'A row value may not contain “__”.'),
        label: z.string().trim().min(1, 'Give each row a label.').max(500),
      }),
    )
    .max(100, 'At most 100 rows.')
    .optional(),
  /** calculate: an expression over earlier answers */
  calculation: optText(5000),
  /** the repeat group this question is asked in, once per instance (null: not in one) */
  repeatKey: z
    .string()
    .trim()
    .regex(QUESTION_KEY_RE, 'Choose a repeat group of this form.')
    .nullable()
    .optional(),
  /** repeat: an expression giving the number of instances, e.g. ${household_size} */
  repeatCount: optText(5000),
  /** repeat: what one instance is called ("member": "Add member", "Remove member 2") */
  itemLabel: optText(60),
};

type QuestionShape = {
  type?: string;
  relevant?: string | null;
  required?: boolean;
  requiredWhen?: string | null;
  readOnly?: boolean;
  defaultValue?: string | null;
  choiceFilter?: string | null;
  calculation?: string | null;
  rows?: Array<{ value: string }>;
  choices?: Array<{ value: string; properties?: Record<string, string> }>;
  allowOther?: boolean;
  validation?: z.infer<typeof validationSchema>;
};
/** What is wrong with a choice's properties (their names, how many), or null. */
function choicePropertiesError(c: {
  value: string;
  properties?: Record<string, string>;
}): string | null {
  const names = Object.keys(c.properties ?? {});
  const at = `Choice “${c.value}”: `;
  if (names.length > CHOICE_PROPERTIES_MAX)
    return `${at}at most ${CHOICE_PROPERTIES_MAX} properties a choice.`;
  for (const n of names) {
    if ((CHOICE_OWN_COLUMNS as readonly string[]).includes(n))
      return `${at}“${n}” is the choice’s ${n === 'name' ? 'value' : 'label'} already: name the property otherwise.`;
    if (!CHOICE_PROPERTY_RE.test(n))
      return `${at}name the property “${n.slice(0, 64)}” with lower-case letters, digits and _ (at most 32), starting with a letter.`;
  }
  return null;
}

/** Rules across fields: choices for choice types, unique values, min <= max, a pattern that compiles. */
export function questionRuleErrors(q: QuestionShape): Record<string, string> {
  const e: Record<string, string> = {};
  const t = q.type as (typeof QUESTION_TYPES)[number] | undefined;
  if (t && hasChoiceList(t)) {
    const values = (q.choices ?? []).map((c) => c.value);
    if (values.length < 1)
      e.choices = t === 'matrix' ? 'Add at least one scale value.' : 'Add at least one choice.';
    else if (t === 'ranking' && values.length < 2) e.choices = 'Add at least two choices to rank.';
    else if (new Set(values).size !== values.length) e.choices = 'Each choice value once.';
    else if (q.allowOther && values.includes(OTHER_VALUE))
      e.choices = `“${OTHER_VALUE}” is kept for “Other, specify”: use another value.`;
    else {
      const bad = (q.choices ?? []).map(choicePropertiesError).find(Boolean);
      if (bad) e.choices = bad;
    }
  }
  if (t === 'matrix') {
    const rows = (q.rows ?? []).map((r) => r.value);
    if (rows.length < 1) e.rows = 'Add at least one row.';
    else if (new Set(rows).size !== rows.length) e.rows = 'Each row value once.';
  }
  if (t === 'calculate' && !q.calculation?.trim())
    e.calculation = 'Write the calculation, e.g. ${age} * 12.';
  if (t === 'page' && q.relevant?.trim())
    e.relevant = 'A page break has no skip logic: set it on the questions of its page.';
  if (q.requiredWhen?.trim() && !q.required)
    e.requiredWhen = 'Tick “Required” to make it required only when this is true.';
  if (q.choiceFilter?.trim() && !(t && hasChoices(t)))
    e.choiceFilter =
      'Only a single choice, multiple choice or dropdown question filters its choices.';
  if (q.readOnly && t && (!canBeReadOnly(t) || !(q.defaultValue?.trim() || q.calculation?.trim())))
    e.readOnly = !canBeReadOnly(t)
      ? 'This type of question cannot be read-only.'
      : 'A read-only question shows its default or its calculation: set one.';
  const v = q.validation ?? {};
  if (t === 'repeat') {
    for (const f of ['min', 'max'] as const)
      if (v[f] && !/^\d{1,3}$/.test(v[f]!))
        e[`validation.${f}`] = 'Enter a whole number of instances (0 to 200).';
      else if (v[f] && Number(v[f]) > 200) e[`validation.${f}`] = 'At most 200 instances.';
    if (!e['validation.min'] && !e['validation.max'] && v.min && v.max && +v.min > +v.max)
      e['validation.max'] = 'The maximum must not be below the minimum.';
  }
  if (t === 'range') {
    for (const f of ['min', 'max', 'step'] as const)
      if (v[f] && !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(v[f]!)) e[`validation.${f}`] = 'Enter a number.';
    if (!e['validation.min'] && !e['validation.max'] && !e['validation.step']) {
      const r = rangeBounds({ validation: v });
      if (v.step && Number(v.step) <= 0) e['validation.step'] = 'The step must be more than 0.';
      else if (r.min >= r.max) e['validation.max'] = 'The end must be above the start.';
      else if (r.step > r.max - r.min)
        e['validation.step'] = 'The step must fit between the start and the end.';
      else if ((r.max - r.min) / r.step > 1000)
        e['validation.step'] = 'At most 1000 steps: use a larger step.';
    }
  }
  if (t === 'integer' || t === 'decimal') {
    for (const f of ['min', 'max'] as const)
      if (v[f] && !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(v[f]!)) e[`validation.${f}`] = 'Enter a number.';
    if (
      !e['validation.min'] &&
      !e['validation.max'] &&
      v.min &&
      v.max &&
      Number(v.min) > Number(v.max)
    )
      e['validation.max'] = 'The maximum must not be below the minimum.';
  }
  if (t === 'date' || t === 'datetime' || t === 'time') {
    const ok = (s: string) =>
      t === 'time' ? /^\d{2}:\d{2}$/.test(s) : isCalendarDate(s.slice(0, 10));
    for (const f of ['min', 'max'] as const)
      if (v[f] && !ok(v[f]!))
        e[`validation.${f}`] =
          t === 'time' ? 'Enter a time (HH:MM).' : 'Enter a date (YYYY-MM-DD).';
    if (!e['validation.min'] && !e['validation.max'] && v.min && v.max && v.min > v.max)
      e['validation.max'] = 'The latest must not be before the earliest.';
  }
  if (v.minLength != null && v.maxLength != null && v.minLength > v.maxLength)
    e['validation.maxLength'] = 'The maximum length must not be below the minimum.';
  if (v.pattern && !compilePattern(v.pattern))
    e['validation.pattern'] = 'This pattern is not a valid regular expression.';
  return e;
}

export const addQuestionSchema = z.strictObject({
  ...questionFields,
  key: questionFields.key.optional(),
});
export type AddQuestionInput = z.infer<typeof addQuestionSchema>;

export const updateQuestionSchema = z
  .strictObject({
    type: questionFields.type.optional(),
    key: questionFields.key.optional(),
    label: questionFields.label.optional(),
    hint: questionFields.hint,
    required: questionFields.required,
    requiredMessage: questionFields.requiredMessage,
    defaultValue: questionFields.defaultValue,
    choices: questionFields.choices,
    allowOther: questionFields.allowOther,
    scale: questionFields.scale,
    validation: questionFields.validation,
    relevant: questionFields.relevant,
    requiredWhen: questionFields.requiredWhen,
    readOnly: questionFields.readOnly,
    choiceFilter: questionFields.choiceFilter,
    constraint: questionFields.constraint,
    constraintMessage: questionFields.constraintMessage,
    rows: questionFields.rows,
    calculation: questionFields.calculation,
    repeatKey: questionFields.repeatKey,
    repeatCount: questionFields.repeatCount,
    itemLabel: questionFields.itemLabel,
  })
  .refine(changesSomething, { message: 'Change at least one field.', path: ['label'] });
export type UpdateQuestionInput = z.infer<typeof updateQuestionSchema>;

const translatedText = (max: number) =>
  z.string().trim().max(max, `Use at most ${max} characters.`).optional();

/** The texts of a form in one of its other languages (blank: not translated yet). */
export const saveTranslationsSchema = z.strictObject({
  language: languageCode,
  questions: z
    .record(
      z.string().regex(QUESTION_KEY_RE, 'Translate questions of this form.'),
      z.strictObject({
        label: translatedText(QUESTION_LABEL_MAX),
        hint: translatedText(1000),
        requiredMessage: translatedText(300),
        constraintMessage: translatedText(300),
        choices: z.record(z.string().max(64), z.string().trim().max(500)).optional(),
      }),
      { error: 'Send the translations by question key.' },
    )
    .refine((o) => Object.keys(o).length <= 2000, 'At most 2000 questions.'),
  thankYou: translatedText(2000),
});
export type SaveTranslationsInput = z.infer<typeof saveTranslationsSchema>;

export const moveQuestionSchema = z
  .strictObject({
    direction: z.enum(['up', 'down'], { error: 'Move up or down.' }).optional(),
    /** or the place to move it to, from 1 (the builder's drag and drop) */
    position: z
      .number({ error: 'Give the place as a number.' })
      .int('Give the place as a whole number.')
      .min(1, 'The first place is 1.')
      .max(10_000, 'A form has fewer questions than that.')
      .optional(),
  })
  .refine((v) => (v.direction === undefined) !== (v.position === undefined), {
    message: 'Move up or down, or to a place.',
    path: ['direction'],
  });

export const fromTocSchema = z.strictObject({
  surveyQuestionId: z.uuid({ error: 'Choose a survey question of this project.' }),
});

export const reviewSchema = z.strictObject({
  status: z.enum(REVIEW_STATUSES, { error: 'Choose a review status from the list.' }),
});

export const personalLinkSchema = z.strictObject({
  formId: z.uuid({ error: 'Choose a survey form.' }),
  wave: z.string({ error: 'Choose a wave.' }).regex(WAVE_RE, 'Choose a wave.'),
});

const MAX_DURATION_MS = 30 * 86_400_000;

/** A public submission: the device's id, the version it was answered on, the answers by key. */
export const submitSchema = z.strictObject({
  id: z.uuid({ error: 'The response id must be a UUID made on the device.' }),
  version: z.number({ error: 'Say which form version was answered.' }).int().min(1),
  answers: z.record(z.string().max(100), z.unknown(), { error: 'Send the answers as an object.' }),
  /** an open survey link's wave (from ?wave=); a personal link has its own */
  wave: z.string().regex(WAVE_RE, 'Choose a wave of this form.').optional(),
  /** the language the form was answered in: the server's messages come in it */
  lang: z.string().max(35).optional(),
  /** the device's time from opening the form to sending it (the speeder rule reads it) */
  durationMs: z
    .number({ error: 'Send the duration in milliseconds.' })
    .int('Send the duration in whole milliseconds.')
    .min(0, 'The duration cannot be negative.')
    .max(MAX_DURATION_MS, 'The duration is at most 30 days.')
    .optional(),
});
export type SubmitInput = z.infer<typeof submitSchema>;

/**
 * A response sent through the API (`POST /api/v1/forms/{form}/responses`): the public submit's
 * body, plus the stakeholder a stakeholder-linked survey's answers belong to (the API has no
 * personal link to carry it).
 */
export const apiSubmitSchema = submitSchema.extend({
  stakeholderId: z.uuid({ error: 'The stakeholder id must be a UUID.' }).optional(),
});
export type ApiSubmitInput = z.infer<typeof apiSubmitSchema>;

/** An edit of a response's answers, made on the revision the editor saw (a stale one: 409). */
export const editResponseSchema = z.strictObject({
  revision: z.number({ error: 'Say which revision you edited.' }).int().min(1),
  answers: z.record(z.string().max(100), z.unknown(), { error: 'Send the answers as an object.' }),
});
export type EditResponseInput = z.infer<typeof editResponseSchema>;

/** Clearing a data quality flag: keep the response as it is, or mark it rejected. */
export const clearFlagSchema = z.strictObject({
  resolution: z.enum(FLAG_RESOLUTIONS, { error: 'Choose keep or reject.' }),
});

/** The responses export dialog: its options and the list filters it carries (read leniently). */
export const responseExportSchema = z
  .object({
    format: z.enum(RESPONSE_EXPORT_FORMATS, { error: 'Choose CSV or XLSX.' }).default('csv'),
    content: z.enum(['values', 'labels'], { error: 'Choose values or labels.' }).default('values'),
    multiple: z
      .enum(['joined', 'columns'], { error: 'Choose one column or one per choice.' })
      .default('joined'),
    ...Object.fromEntries(
      RESPONSE_EXPORT_FILTERS.map((k) => [k, z.string().max(100).optional()] as const),
    ),
  })
  .strict();
