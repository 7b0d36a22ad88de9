import ExcelJS from 'exceljs';
import { xlsxCellText } from '../../platform/exports/cells.js';
import { allQuestions, rangeBounds, type QuestionDef } from '../../../shared/forms/questions.js';
import { languageName } from '../../../shared/forms/translations.js';

/** The translated columns, `label::Arabic (ar)`, one set per other language. */
const TRANSLATED = [
  ['label', 'label'],
  ['hint', 'hint'],
  ['required_message', 'requiredMessage'],
  ['constraint_message', 'constraintMessage'],
] as const;
const column = (base: string, code: string) => `${base}::${languageName(code, 'en')} (${code})`;

const SURVEY_COLUMNS = [
  'type',
  'name',
  'label',
  'hint',
  'required',
  'required_message',
  'relevant',
  'constraint',
  'constraint_message',
  'default',
  'read_only',
  'choice_filter',
  'appearance',
  'parameters',
  'pathways_type',
  'pathways_scale',
  'pathways_validation',
  'calculation',
  'pathways_rows',
  'repeat_count',
  'pathways_item',
] as const;
type SurveyRow = Partial<Record<(typeof SURVEY_COLUMNS)[number], string>>;

/** A question -> its XLSForm type and appearance (our own type kept in `pathways_type`). */
function xlsType(q: QuestionDef): SurveyRow {
  switch (q.type) {
    case 'short_text':
      return { type: 'text' };
    case 'long_text':
      return { type: 'text', appearance: 'multiline', pathways_type: q.type };
    case 'email':
    case 'phone':
      return { type: 'text', pathways_type: q.type };
    case 'integer':
    case 'decimal':
    case 'note':
    case 'acknowledge':
    case 'date':
    case 'time':
      return { type: q.type };
    case 'datetime':
      return { type: 'dateTime' };
    case 'range': {
      const r = rangeBounds(q);
      return { type: 'range', parameters: `start=${r.min} end=${r.max} step=${r.step}` };
    }
    case 'rating':
    case 'nps':
      return {
        type: 'integer',
        pathways_type: q.type,
        pathways_scale: q.scale ? String(q.scale) : '',
      };
    case 'yes_no':
      return { type: `select_one ${q.key}`, pathways_type: 'yes_no' };
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown': {
      const head = q.type === 'multiple_choice' ? 'select_multiple' : 'select_one';
      return {
        type: `${head} ${q.key}${q.allowOther ? ' or_other' : ''}`,
        appearance: q.type === 'dropdown' ? 'minimal' : '',
        pathways_type: q.type === 'dropdown' ? 'dropdown' : '',
      };
    }
    case 'page':
      return { type: 'begin_group', appearance: 'field-list' };
    case 'ranking':
      return { type: `rank ${q.key}` };
    case 'matrix':
      // XLSForm has no matrix: a select_one over the scale, the rows kept in pathways_rows
      return {
        type: `select_one ${q.key}`,
        pathways_type: 'matrix',
        pathways_rows: JSON.stringify(q.rows ?? []),
      };
    case 'geopoint':
    case 'hidden':
      return { type: q.type };
    case 'calculate':
      return { type: 'calculate', calculation: q.calculation ?? '' };
    case 'file':
      // ODK's image is a photo; its file takes any file (the kinds travel in pathways_validation)
      return {
        type:
          q.validation.fileKinds === 'photo' || !q.validation.fileKinds
            ? 'image'
            : q.validation.fileKinds === 'audio'
              ? 'audio'
              : 'file',
      };
    case 'repeat':
      // its questions follow, then end_repeat (xlsformWorkbook)
      return {
        type: 'begin_repeat',
        repeat_count: q.repeatCount ?? '',
        pathways_item: q.itemLabel ?? '',
      };
  }
}

const hasValidation = (q: QuestionDef) =>
  Object.values(q.validation ?? {}).some((v) => v !== null && v !== undefined && v !== '');

/**
 * A form's questions -> an XLSForm workbook (survey, choices, settings). A page break becomes a
 * field-list group holding the questions up to the next break. Every text cell is escaped so a
 * spreadsheet app never runs it as a formula.
 */
export function xlsformWorkbook(
  form: { name: string; language: string; version: string },
  questions: QuestionDef[],
): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  const survey = wb.addWorksheet('survey');
  const choices = wb.addWorksheet('choices');
  const settings = wb.addWorksheet('settings');
  const cell = (v: string | null | undefined) => xlsxCellText(v ?? '');

  // the other languages the questions have texts in (the default's are the plain columns)
  const others = [
    ...new Set(allQuestions(questions).flatMap((q) => Object.keys(q.translations ?? {}))),
  ].filter((l) => l !== form.language);
  const extra = others.flatMap((l) => TRANSLATED.map(([base]) => column(base, l)));
  survey.addRow([...SURVEY_COLUMNS, ...extra]);
  let inPage = false;
  const write = (q: QuestionDef) => {
    const t = xlsType(q);
    const row: SurveyRow = {
      ...t,
      name: q.key,
      label: q.label,
      hint: q.hint ?? '',
      // required only when an expression holds: XLSForm takes the expression in `required`
      required: q.required ? (q.requiredWhen ?? 'yes') : '',
      required_message: q.requiredMessage ?? '',
      relevant: q.relevant ?? '',
      constraint: q.constraint ?? '',
      constraint_message: q.constraintMessage ?? '',
      default: q.defaultValue ?? '',
      read_only: q.readOnly ? 'yes' : '',
      // a read-only question's calculation (a calculate's comes with its type)
      ...(q.readOnly && q.calculation ? { calculation: q.calculation } : {}),
      choice_filter: q.choiceFilter ?? '',
      pathways_validation: hasValidation(q) ? JSON.stringify(q.validation) : '',
    };
    const texts = others.flatMap((l) =>
      TRANSLATED.map(([, field]) => cell(q.translations?.[l]?.[field])),
    );
    survey.addRow([...SURVEY_COLUMNS.map((c) => cell(row[c])), ...texts]);
  };
  // a repeat's questions (repeats among them, nested) between its begin_repeat and its end_repeat
  const writeNested = (q: QuestionDef) => {
    write(q);
    if (q.type !== 'repeat') return;
    for (const c of q.questions ?? []) writeNested(c);
    survey.addRow(['end_repeat']);
  };
  for (const q of questions) {
    if (q.type === 'page' && inPage) survey.addRow(['end_group']);
    if (q.type === 'page') inPage = true;
    writeNested(q);
  }
  if (inPage) survey.addRow(['end_group']);

  // the choices' properties (what choice filters read) as columns of their own, after the labels
  const properties = [
    ...new Set(
      allQuestions(questions).flatMap((q) =>
        q.choices.flatMap((c) => Object.keys(c.properties ?? {})),
      ),
    ),
  ];
  choices.addRow([
    'list_name',
    'name',
    'label',
    ...others.map((l) => column('label', l)),
    ...properties,
  ]);
  for (const q of allQuestions(questions)) {
    if (q.type === 'yes_no') {
      choices.addRow([cell(q.key), 'yes', 'Yes']);
      choices.addRow([cell(q.key), 'no', 'No']);
    } else
      for (const c of q.choices)
        choices.addRow([
          cell(q.key),
          cell(c.value),
          cell(c.label),
          ...others.map((l) => cell(q.translations?.[l]?.choices?.[c.value])),
          ...properties.map((p) => cell(c.properties?.[p])),
        ]);
  }
  settings.addRow(['form_title', 'default_language', 'version']);
  settings.addRow([cell(form.name), form.language, form.version]);
  for (const ws of [survey, choices, settings]) {
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => (c.width = 18));
  }
  return wb;
}
