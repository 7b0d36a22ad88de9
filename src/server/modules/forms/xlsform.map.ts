import { addQuestionSchema, type AddQuestionInput } from '../../../shared/forms/forms.schemas.js';
import { questionRuleErrors } from '../../../shared/forms/forms.schemas.js';
import {
  FORM_LANGUAGES,
  OTHER_VALUE,
  QUESTION_KEY_RE,
  QUESTION_TYPES,
  CHOICE_OWN_COLUMNS,
  CHOICE_PROPERTIES_MAX,
  CHOICE_PROPERTY_RE,
  CHOICES_MAX,
  NOT_IN_REPEAT,
  REPEAT_DEPTH_MAX,
  canBeReadOnly,
  hasChoices,
  isDisplayOnly,
  type Choice,
  type QuestionDef,
  type QuestionType,
} from '../../../shared/forms/questions.js';
import { logicScope, nestQuestions } from '../../../shared/forms/repeats.js';
import type { XlsformReport, XlsformReportRow } from '../../../shared/forms/xlsform.js';
import { keyFromLabel, unique } from './questions.use-cases.js';
import { processExpression, type ExprContext } from './xlsform.expressions.js';
import {
  CHOICE_VALUE_RE,
  COMPATIBLE,
  FALSE_TEXT,
  METADATA,
  SIMPLE,
  TRUE_TEXT,
  UNSUPPORTED,
  columnsOf,
  langCode,
  parseType,
  sanitiseKey,
  splitColumn,
  translated,
} from './xlsform.columns.js';
import {
  canonicalLanguage,
  type QuestionTranslation,
  type QuestionTranslations,
} from '../../../shared/forms/translations.js';

/** The text of one language's column (`label::Arabic (ar)`), trimmed; '' when absent. */
function cellIn(cells: Record<string, string>, base: string, lang: string): string {
  for (const [col, v] of Object.entries(cells)) {
    const s = splitColumn(col);
    if (s.base === base && s.lang === lang && v.trim()) return v.trim();
  }
  return '';
}

/** One sheet row: its number (the header is row 1) and its cells by lower-cased column name. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}
export interface XlsformSheets {
  survey: SheetRow[];
  choices: SheetRow[] | null;
  settings: SheetRow[] | null;
}

export interface XlsformPlan {
  title: string;
  language: string;
  /** the form's other languages, and each question's texts in them (by key) */
  languages: string[];
  translations: Record<string, QuestionTranslations>;
  questions: AddQuestionInput[];
  report: XlsformReport;
}

interface Pending {
  translations: QuestionTranslations;
  report: XlsformReportRow;
  input: AddQuestionInput;
  name: string;
  rawRelevant: string;
  rawConstraint: string;
  rawCalculation: string;
  rawRepeatCount: string;
  rawChoiceFilter: string;
  rawRequiredWhen: string;
  groupRelevant: string[];
}

/**
 * The rows of an XLSForm's sheets -> the questions to create and the report of every row. Never
 * throws on bad content: what cannot be imported is listed with the reason.
 */
export function mapXlsform(sheets: XlsformSheets, fileName: string): XlsformPlan {
  const notes: string[] = [];
  const rows: XlsformReportRow[] = [];
  const settings = sheets.settings?.[0]?.cells ?? {};
  const title =
    settings.form_title?.trim().slice(0, 200) ||
    fileName
      .replace(/\.xlsx$/i, '')
      .trim()
      .slice(0, 200) ||
    'Imported form';
  const surveyCols = columnsOf(sheets.survey);
  const langs = [
    ...new Set(
      surveyCols
        .map(splitColumn)
        .filter((c) => c.lang && (c.base === 'label' || c.base === 'hint'))
        .map((c) => c.lang!),
    ),
  ];
  const hasPlainLabel = surveyCols.includes('label');
  let textLang: string | null = settings.default_language
    ? langCode(settings.default_language)
    : null;
  if (!hasPlainLabel && (!textLang || !langs.includes(textLang))) textLang = langs[0] ?? null;
  const known = FORM_LANGUAGES.map((l) => l.code);
  let language = 'en';
  if (textLang && known.includes(textLang)) language = textLang;
  else if (textLang)
    notes.push(
      `The language “${settings.default_language ?? textLang}” is not one of this app's form languages: the form is set to English; change it in the form's settings.`,
    );
  // the other languages with a code (`label::Arabic (ar)`) become the form's other languages
  const others = langs.filter((l) => l !== textLang);
  const otherLangs = new Map<string, string>();
  for (const l of others) {
    const code = canonicalLanguage(l);
    if (code && code !== language && ![...otherLangs.values()].includes(code))
      otherLangs.set(l, code);
  }
  const dropped = others.filter((l) => !otherLangs.has(l));
  if (otherLangs.size)
    notes.push(
      `Translations imported: ${[...otherLangs.values()].join(', ')}${textLang ? ` (the ${textLang} texts are the form's own)` : ''}.`,
    );
  if (dropped.length)
    notes.push(
      `Texts in ${dropped.join(', ')} are not imported: name a language with its code, as in “label::English (en)”.`,
    );
  for (const k of Object.keys(settings))
    if (
      !['form_title', 'default_language', 'form_id', 'version', 'instance_name', 'style'].includes(
        k,
      )
    )
      notes.push(`The setting “${k}” is not used.`);

  // choices by list
  const lists = new Map<
    string,
    Array<{
      value: string;
      label: string;
      row: number;
      labels: Record<string, string>;
      properties: Record<string, string>;
    }>
  >();
  const badColumns = new Set<string>();
  for (const r of sheets.choices ?? []) {
    const list = (r.cells.list_name ?? r.cells['list name'] ?? '').trim();
    const value = (r.cells.name ?? r.cells.value ?? '').trim();
    if (!list && !value) continue;
    const label = translated(r.cells, 'label', textLang) || value;
    if (!lists.has(list)) lists.set(list, []);
    const labels: Record<string, string> = {};
    for (const [raw, code] of otherLangs) {
      const text = cellIn(r.cells, 'label', raw);
      if (text) labels[code] = text.slice(0, 500);
    }
    lists.get(list)!.push({
      value,
      label,
      row: r.row,
      labels,
      properties: choiceProperties(r.cells, badColumns),
    });
  }
  for (const col of badColumns)
    notes.push(
      `The choices column “${col}” is not kept: a choice filter reads columns named with lower-case letters, digits and _ (at most 32, not “name” or “label”), ${CHOICE_PROPERTIES_MAX} at most.`,
    );

  const taken = new Set<string>();
  /** original XLSForm name -> our key (the first question of that name) */
  const renamed = new Map<string, string>();
  const pending: Pending[] = [];
  /** open groups; a repeat's `key` is the repeat question its rows belong to (null: not imported) */
  const groupStack: Array<{
    page: boolean;
    relevant: string;
    repeat: boolean;
    key?: string | null;
  }> = [];
  let afterPage = false;

  for (const r of sheets.survey) {
    const c = r.cells;
    /** this row's choice labels in the other languages (code -> value -> label) */
    let choiceTexts: Record<string, Record<string, string>> = {};
    const typeText = (c.type ?? '').trim();
    const name = (c.name ?? '').trim();
    if (!typeText && !name && !translated(c, 'label', textLang)) continue;
    const parsedType = parseType(typeText);
    const { list, orOther } = parsedType;
    // "begin repeat" / "end group" (with a space) as "begin_repeat" / "end_group"
    const head =
      (parsedType.head === 'begin' || parsedType.head === 'end') && list
        ? `${parsedType.head}_${list.toLowerCase()}`
        : parsedType.head;
    const report: XlsformReportRow = {
      sheet: 'survey',
      row: r.row,
      type: typeText,
      name,
      key: null,
      status: 'imported',
      messages: [],
    };
    rows.push(report);
    const repeat = groupStack.findLast((g) => g.repeat);
    const unsupported = (m: string) => {
      report.status = 'unsupported';
      report.messages.push(m);
    };

    if (head === 'end_group' || head === 'end_repeat') {
      const g = groupStack.pop();
      report.status = 'skipped';
      report.messages.push(g?.repeat ? 'End of the repeat group.' : 'End of the group.');
      if (g?.page) afterPage = true;
      continue;
    }
    const beginsRepeat = head === 'begin_repeat' || head === 'begin repeat';
    if (repeat && repeat.key === null) {
      unsupported('Inside a repeat group that is not imported.');
      if (head.startsWith('begin'))
        groupStack.push({ page: false, relevant: '', repeat: true, key: null });
      continue;
    }
    // a repeat inside a repeat nests, up to REPEAT_DEPTH_MAX levels
    if (beginsRepeat && groupStack.filter((g) => g.repeat).length >= REPEAT_DEPTH_MAX) {
      groupStack.push({ page: false, relevant: '', repeat: true, key: null });
      unsupported(
        `Repeat groups nest at most ${REPEAT_DEPTH_MAX} deep: this one and its questions are skipped.`,
      );
      continue;
    }
    if (beginsRepeat) groupStack.push({ page: false, relevant: '', repeat: true, key: null });
    if (!typeText) {
      unsupported('The row has no type.');
      continue;
    }
    if (METADATA.has(head)) {
      report.status = 'skipped';
      report.messages.push(
        `“${head}” is metadata the collecting device records; this app records the submission time and version itself.`,
      );
      continue;
    }
    if (UNSUPPORTED[head]) {
      unsupported(UNSUPPORTED[head]);
      continue;
    }

    let type: QuestionType | null = null;
    const input: Partial<AddQuestionInput> = {};
    const warn = (m: string) => {
      report.status = 'converted';
      report.messages.push(m);
    };
    const appearance = (c.appearance ?? '').trim();
    const isGroup = head === 'begin_group' || head === 'begin group';
    if (beginsRepeat) {
      type = 'repeat';
      const count = (c.repeat_count ?? '').trim();
      if (count && /^\d+$/.test(count)) input.validation = { min: count, max: count };
      const item = (c.pathways_item ?? '').trim();
      if (item) input.itemLabel = item.slice(0, 60);
    } else if (isGroup) {
      // a page (field-list group) inside a repeat is a plain group there: no page breaks in a repeat
      const page = /\bfield-list\b/.test(appearance) && !repeat;
      const groupRelevant = (c.relevant ?? '').trim();
      groupStack.push({ page, relevant: groupRelevant, repeat: false });
      if (!page) {
        report.status = 'skipped';
        report.messages.push(
          groupRelevant
            ? 'A group that is not a page (no field-list appearance): its questions are imported in order; its skip logic is added to each of them.'
            : 'A group that is not a page (no field-list appearance): its questions are imported in order.',
        );
        continue;
      }
      type = 'page';
      if (groupRelevant)
        report.messages.push('The page’s skip logic is added to each of its questions.');
    } else if (head === 'select_one' || head === 'select_multiple' || head === 'rank') {
      type =
        head === 'select_one' ? 'single_choice' : head === 'rank' ? 'ranking' : 'multiple_choice';
      if (!list) {
        unsupported(`“${head}” needs a choice list name after it (e.g. “${head} colours”).`);
        continue;
      }
      const choices = lists.get(list);
      if (!choices?.length) {
        unsupported(`The choice list “${list}” is not in the choices sheet.`);
        continue;
      }
      const seen = new Set<string>();
      const out: Choice[] = [];
      const filtered = Boolean(c.choice_filter?.trim());
      choiceTexts = {};
      for (const ch of choices) {
        let value = ch.value;
        if (!CHOICE_VALUE_RE.test(value)) {
          const fixed =
            value
              .replace(/[^A-Za-z0-9_.-]+/g, '_')
              .replace(/^_+|_+$/g, '')
              .slice(0, 64) || 'choice';
          warn(
            `The choice value “${value}” (choices row ${ch.row}) uses characters that are not allowed: stored as “${fixed}”.`,
          );
          value = fixed;
        }
        if (orOther && value === OTHER_VALUE) {
          warn(`The choice “${OTHER_VALUE}” is left out: “or_other” adds “Other, specify”.`);
          continue;
        }
        if (seen.has(value)) {
          warn(`The choice value “${value}” appears twice in “${list}”: kept once.`);
          continue;
        }
        seen.add(value);
        const label = ch.label.slice(0, 500) || value;
        // a choice's own columns are kept for the question's choice filter to read
        const keep = filtered && Object.keys(ch.properties).length;
        out.push(keep ? { value, label, properties: ch.properties } : { value, label });
        for (const [code, text] of Object.entries(ch.labels))
          (choiceTexts[code] ??= {})[value] = text;
      }
      if (!out.length) {
        unsupported(`The choice list “${list}” has no usable choices.`);
        continue;
      }
      if (out.length > CHOICES_MAX) {
        unsupported(`The choice list “${list}” has more than ${CHOICES_MAX} choices.`);
        continue;
      }
      input.choices = out;
      if (type !== 'ranking') input.allowOther = orOther;
      if (type === 'single_choice' && /\b(minimal|autocomplete|search)\b/.test(appearance))
        type = 'dropdown';
    } else if (SIMPLE[head]) {
      type = SIMPLE[head];
      if (head === 'trigger') warn('“trigger” (old ODK) is imported as an acknowledge question.');
      if (head === 'barcode')
        warn(
          '“barcode” is imported as a text question: the web form does not scan, the code is typed or pasted.',
        );
      if (type === 'short_text' && /\bmultiline\b/.test(appearance)) type = 'long_text';
    } else {
      unsupported(`Unknown question type “${typeText}”.`);
      continue;
    }

    // our own type, as our export writes it
    const ours = (c.pathways_type ?? '').trim() as QuestionType;
    if (ours && ours !== type) {
      if (QUESTION_TYPES.includes(ours) && COMPATIBLE[type]?.includes(ours)) type = ours;
      else warn(`pathways_type “${ours}” does not fit the type “${head}”: ignored.`);
    }
    if (repeat && NOT_IN_REPEAT.includes(type)) {
      unsupported(
        type === 'file'
          ? 'A file upload cannot be inside a repeat group (uploads are top-level questions).'
          : 'This question cannot be inside a repeat group.',
      );
      continue;
    }
    if (type === 'yes_no') {
      input.choices = undefined;
      input.allowOther = undefined;
    }
    if (type === 'matrix') {
      // our export: the scale is the choice list, the rows a JSON list in pathways_rows
      try {
        input.rows = JSON.parse(c.pathways_rows ?? '[]') as AddQuestionInput['rows'];
      } catch {
        warn('pathways_rows is not valid JSON: no rows.');
      }
      input.allowOther = undefined;
    }
    if (type === 'calculate') input.calculation = (c.calculation ?? '').trim() || undefined;
    if (type === 'rating') {
      const s = Number(c.pathways_scale);
      input.scale = Number.isInteger(s) && s >= 3 && s <= 10 ? s : 5;
    }
    if (type === 'file')
      input.validation = {
        fileKinds: head === 'image' ? 'photo' : head === 'audio' ? 'audio' : 'any',
      };
    if (type === 'range') {
      const { validation, problems } = rangeParameters(c.parameters ?? '');
      input.validation = validation;
      for (const p of problems) warn(p);
    }
    if (c.pathways_validation?.trim()) {
      try {
        input.validation = JSON.parse(c.pathways_validation) as AddQuestionInput['validation'];
      } catch {
        warn('pathways_validation is not valid JSON: ignored.');
      }
    }

    // key
    let key: string;
    if (!name) {
      key = unique(keyFromLabel(translated(c, 'label', textLang) || head), taken);
      if (!isGroup || type === 'page')
        warn(`The row has no name: the key “${key}” was made from its label.`);
    } else {
      const base = QUESTION_KEY_RE.test(name) && !name.includes('__') ? name : sanitiseKey(name);
      if (base !== name) warn(`The name “${name}” is not a valid key: renamed “${base}”.`);
      key = unique(base, taken);
      if (key !== base) warn(`The name “${name}” is used twice: this one is renamed “${key}”.`);
      if (!renamed.has(name)) renamed.set(name, key);
    }
    taken.add(key);
    report.key = key;
    if (repeat) input.repeatKey = repeat.key;

    let label = translated(c, 'label', textLang);
    if (!label) {
      label = name || key;
      warn(`The row has no label: “${label}” is used.`);
    }
    if (label.length > 1000) {
      label = label.slice(0, 1000);
      warn('The label is longer than 1000 characters: cut.');
    }
    input.type = type;
    input.key = key;
    input.label = label;
    const hint = translated(c, 'hint', textLang);
    if (hint) input.hint = hint.slice(0, 1000);

    if (type === 'calculate' || type === 'hidden') {
      if (c.default?.trim() && type === 'hidden')
        input.defaultValue = c.default.trim().slice(0, 1000);
    } else if (!isDisplayOnly(type)) {
      const req = (c.required ?? '').trim().toLowerCase();
      // an expression: required when it is true (the expression is read once every key is known)
      if (TRUE_TEXT.has(req) || !FALSE_TEXT.has(req)) input.required = true;
      const requiredMessage = translated(c, 'required_message', textLang);
      if (requiredMessage) input.requiredMessage = requiredMessage.slice(0, 300);
      if (c.default?.trim()) input.defaultValue = c.default.trim().slice(0, 1000);
      const constraintMessage = translated(c, 'constraint_message', textLang);
      if (constraintMessage) input.constraintMessage = constraintMessage.slice(0, 300);
    }
    const readOnly = (c.read_only ?? '').trim().toLowerCase();
    if (readOnly && !FALSE_TEXT.has(readOnly)) {
      if (!TRUE_TEXT.has(readOnly))
        warn(
          `“read_only” as an expression (${c.read_only}) is not supported: the question is read-only.`,
        );
      if (canBeReadOnly(type) && (input.defaultValue || c.calculation?.trim())) {
        input.readOnly = true;
        // its calculation is read once every key is known (below); it stands in for now
        if (c.calculation?.trim()) input.calculation = c.calculation.trim().slice(0, 5000);
      } else
        warn(
          canBeReadOnly(type)
            ? '“read_only” without a default or a calculation is not supported (a read-only question shows one): the question can be answered.'
            : '“read_only” is not supported on this type: the question can be answered.',
        );
    }
    if (c.choice_filter?.trim() && !hasChoices(type))
      warn(
        `The choice filter (${c.choice_filter.trim()}) is not used: this is not a choice question.`,
      );
    if (c.calculation?.trim() && type !== 'calculate' && !input.readOnly)
      warn(
        'A calculation on a question that is neither “calculate” nor read-only is not supported: ignored.',
      );
    const usedAppearance =
      (type === 'long_text' && appearance === 'multiline') ||
      (type === 'dropdown' && /^(minimal|autocomplete|search)$/.test(appearance)) ||
      (type === 'page' && appearance === 'field-list') ||
      (isGroup && !!repeat && appearance === 'field-list');
    if (appearance && !usedAppearance)
      warn(`The appearance “${appearance}” is not supported: the default look is used.`);
    for (const col of Object.keys(c))
      if (col.startsWith('media::') || col === 'image' || col === 'audio' || col === 'video')
        if (c[col]?.trim()) warn(`Media (${col}) is not imported.`);

    if (type === 'page') afterPage = false;
    else if (afterPage && !groupStack.some((g) => g.page)) {
      warn(
        'This question follows a page (a field-list group) but is outside any group: it is shown on that page.',
      );
      afterPage = false;
    }
    const parsed = addQuestionSchema.safeParse(input);
    const rules = parsed.success ? questionRuleErrors(parsed.data) : {};
    if (!parsed.success || Object.keys(rules).length) {
      const why = parsed.success
        ? Object.entries(rules).map(([f, m]) => `${f}: ${m}`)
        : parsed.error.issues.map((e) => `${e.path.join('.') || 'row'}: ${e.message}`);
      report.key = null;
      unsupported(`Not imported: ${why.join('; ')}`);
      continue;
    }
    if (type === 'repeat') groupStack[groupStack.length - 1].key = key;
    const translations: QuestionTranslations = {};
    for (const [raw, code] of otherLangs) {
      const t: QuestionTranslation = {};
      const label = cellIn(c, 'label', raw).slice(0, 1000);
      const hint = cellIn(c, 'hint', raw).slice(0, 1000);
      const req = cellIn(c, 'required_message', raw).slice(0, 300);
      const cons = cellIn(c, 'constraint_message', raw).slice(0, 300);
      if (label) t.label = label;
      if (hint) t.hint = hint;
      if (req) t.requiredMessage = req;
      if (cons) t.constraintMessage = cons;
      if (choiceTexts[code]) t.choices = choiceTexts[code];
      if (Object.keys(t).length) translations[code] = t;
    }
    pending.push({
      translations,
      report,
      input: parsed.data,
      name,
      rawRelevant: isGroup ? '' : (c.relevant ?? '').trim(),
      rawConstraint: isDisplayOnly(type) || type === 'calculate' ? '' : (c.constraint ?? '').trim(),
      rawCalculation:
        type === 'calculate' || parsed.data.readOnly ? (c.calculation ?? '').trim() : '',
      rawRepeatCount:
        type === 'repeat' && !/^\d*$/.test((c.repeat_count ?? '').trim())
          ? (c.repeat_count ?? '').trim()
          : '',
      rawChoiceFilter: hasChoices(type) ? (c.choice_filter ?? '').trim() : '',
      rawRequiredWhen:
        input.required && !TRUE_TEXT.has((c.required ?? '').trim().toLowerCase())
          ? (c.required ?? '').trim()
          : '',
      groupRelevant: groupStack.filter((g) => g.relevant).map((g) => g.relevant),
    });
  }
  for (const g of groupStack)
    notes.push(
      g.repeat
        ? 'A repeat group is not closed with end_repeat.'
        : 'A group is not closed with end_group.',
    );

  // expressions: after every key is known (a reference to a later question is reported as such)
  // each question reads what the builder lets it read: the questions before it, not its repeats
  const keys = pending.map((p) => p.input.key!);
  const nested = nestQuestions(
    pending.map((p) => ({ key: p.input.key!, type: p.input.type, repeatKey: p.input.repeatKey })),
    ({ key, type }) => ({ key, type }) as QuestionDef,
  );
  const questions: AddQuestionInput[] = [];
  const translations: Record<string, QuestionTranslations> = {};
  pending.forEach((p) => {
    const ctx: ExprContext = { key: p.input.key!, ...logicScope(nested, p.input.key!), renamed };
    const warn = (m: string) => {
      p.report.status = 'converted';
      p.report.messages.push(m);
    };
    // `${name}` in its texts shows an answer: a renamed question is rewritten, an unknown one said
    const texts = labelTexts(p, renamed, new Set(keys));
    for (const m of texts) warn(m);
    if (p.input.type !== 'page') {
      const parts = [...p.groupRelevant, p.rawRelevant].filter(Boolean);
      if (parts.length) {
        const text = parts.length === 1 ? parts[0] : parts.map((t) => `(${t})`).join(' and ');
        const r = processExpression(text, 'relevant', ctx);
        if (r.warning) warn(r.warning);
        if (r.text) p.input.relevant = r.text;
      }
    }
    if (p.rawConstraint) {
      const r = processExpression(p.rawConstraint, 'constraint', ctx);
      if (r.warning) warn(r.warning);
      if (r.text) p.input.constraint = r.text;
      else {
        p.input.constraintMessage = undefined;
        for (const t of Object.values(p.translations)) delete t.constraintMessage;
      }
    }
    if (p.rawCalculation && p.input.type !== 'calculate') {
      // a read-only question's: shown if it can be kept, else its default (or it can be answered)
      const r = processExpression(p.rawCalculation, 'calculation', ctx);
      p.input.calculation = r.text ?? undefined;
      if (!r.text && !p.input.defaultValue) p.input.readOnly = undefined;
      if (r.warning)
        warn(
          r.text
            ? r.warning
            : `${r.warning} ${p.input.readOnly ? 'Its default is shown.' : 'The question can be answered.'}`,
        );
    } else if (p.rawCalculation) {
      const r = processExpression(p.rawCalculation, 'calculation', ctx);
      if (!r.text) {
        // a calculate without its calculation computes nothing: not imported
        p.report.status = 'unsupported';
        p.report.key = null;
        p.report.messages.push(r.warning ?? 'The calculation is not imported.');
        return;
      }
      if (r.warning) warn(r.warning);
      p.input.calculation = r.text;
    }
    if (p.rawRepeatCount) {
      const r = processExpression(p.rawRepeatCount, 'repeatCount', ctx);
      if (r.warning) warn(r.warning);
      if (r.text) p.input.repeatCount = r.text;
    }
    if (p.rawRequiredWhen) {
      const r = processExpression(p.rawRequiredWhen, 'requiredWhen', ctx);
      if (r.text) p.input.requiredWhen = r.text;
      else p.input.required = false;
      if (r.warning) warn(r.text ? r.warning : `${r.warning} The question is optional.`);
    }
    if (p.rawChoiceFilter) {
      const r = processExpression(p.rawChoiceFilter, 'choiceFilter', ctx, p.input.choices);
      if (r.warning) warn(r.text ? r.warning : `${r.warning} Every choice is offered.`);
      if (r.text) p.input.choiceFilter = r.text;
      else p.input.choices = p.input.choices?.map(({ value, label }) => ({ value, label }));
    }
    questions.push(p.input);
    if (Object.keys(p.translations).length) translations[p.input.key!] = p.translations;
  });

  const counts = { imported: 0, converted: 0, unsupported: 0, skipped: 0 };
  for (const r of rows) counts[r.status]++;
  if (!questions.length) notes.push('No question of this file can be imported.');
  return {
    title,
    language,
    languages: [...otherLangs.values()],
    translations,
    questions,
    report: {
      fileName,
      formTitle: title,
      language,
      questionsCount: questions.length,
      counts,
      rows,
      notes,
    },
  };
}

/** Choices sheet columns that are not a choice's own columns (its list, value, labels, media). */
const isOwnChoiceColumn = (col: string) =>
  ['list_name', 'list name', 'name', 'value', 'image', 'audio', 'video'].includes(col) ||
  /^(label|media)(::|$)/.test(col);

/**
 * A choices row's other columns (e.g. `state` on a city), what a choice filter reads bare; a column
 * we cannot keep (its name, or beyond the most a choice holds) goes into `bad` for the notes.
 */
function choiceProperties(cells: Record<string, string>, bad: Set<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [col, raw] of Object.entries(cells)) {
    const v = raw.trim();
    if (!v || isOwnChoiceColumn(col)) continue;
    if (
      !CHOICE_PROPERTY_RE.test(col) ||
      (CHOICE_OWN_COLUMNS as readonly string[]).includes(col) ||
      Object.keys(out).length >= CHOICE_PROPERTIES_MAX
    )
      bad.add(col);
    else out[col] = v.slice(0, 200);
  }
  return out;
}

/**
 * A range's `parameters` cell (`start=0 end=100 step=5`, XLSForm's defaults 1, 10 and 1 where
 * missing) -> its validation; parameters we do not read (tick labels, `rows`) are reported.
 */
function rangeParameters(cell: string): {
  validation: { min?: string; max?: string; step?: string };
  problems: string[];
} {
  const validation: { min?: string; max?: string; step?: string } = {};
  const problems: string[] = [];
  const field = { start: 'min', end: 'max', step: 'step' } as const;
  for (const part of cell
    .trim()
    .split(/[\s;,]+/)
    .filter(Boolean)) {
    const [name, value = ''] = part.split('=');
    const to = field[name.trim().toLowerCase() as keyof typeof field];
    if (!to) problems.push(`The range parameter “${part}” is not used.`);
    else if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value.trim()))
      problems.push(`The range parameter “${part}” is not a number: the default is used.`);
    else validation[to] = value.trim();
  }
  return { validation, problems };
}

/**
 * A question's label and hint (and their translations) with `${name}` of a renamed question
 * rewritten to its key; returns what to report: the rewrites, and names no question has (shown
 * as written on the form).
 */
function labelTexts(
  p: Pending,
  renamed: ReadonlyMap<string, string>,
  keys: ReadonlySet<string>,
): string[] {
  const out = new Set<string>();
  const fix = (text: string | null | undefined) => {
    if (!text || !text.includes('${')) return text;
    return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (whole, name: string) => {
      const to = renamed.get(name);
      if (to && to !== name) {
        out.add(`The text shows \${${name}}, renamed: \${${to}}.`);
        return `\${${to}}`;
      }
      if (!keys.has(name))
        out.add(
          `The text shows \${${name}}, which is not a question of this form: shown as written.`,
        );
      return whole;
    });
  };
  p.input.label = fix(p.input.label)!;
  p.input.hint = fix(p.input.hint);
  for (const t of Object.values(p.translations)) {
    if (t.label) t.label = fix(t.label)!;
    if (t.hint) t.hint = fix(t.hint)!;
  }
  return [...out];
}
