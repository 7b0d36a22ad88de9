import type ExcelJS from 'exceljs';
import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { ANSWER_TYPES } from '../../../shared/toc/vocabulary.js';
import {
  cellNumber,
  cellText,
  dataRows,
  headerMap,
  normHeader,
  type ErrorList,
} from './logframe-cells.js';
import {
  ABOUT_FIELDS,
  PERIOD_KEY_HINT,
  PERIOD_KEY_PATTERNS,
  QUESTION_COLUMNS,
  parseYesNo,
  SHEETS,
  TARGET_COLUMNS,
  TARGET_SUFFIX,
  type QuestionColumn,
} from './logframe-layout.js';
import { matchEnum, type ParsedLogframe } from './logframe-reader-results.js';

/** "About": label in column A, value in column B. */
export function readAbout(ws: ExcelJS.Worksheet, errors: ErrorList): ProblemTemplate['problem'] {
  const S = SHEETS.about;
  const problem: ProblemTemplate['problem'] = {
    title: '',
    statement: null,
    rootCauses: null,
    populationWho: null,
    populationCount: null,
    geography: null,
    evidence: null,
  };
  const byLabel = new Map<string, number>(ABOUT_FIELDS.map(([label], i) => [normHeader(label), i]));
  let titleRow = false;
  for (const { row, r } of dataRows(ws, 1)) {
    if (r > 200) break;
    const i = byLabel.get(normHeader(cellText(row.getCell(1).value)));
    if (i === undefined) continue;
    const [label, field] = ABOUT_FIELDS[i];
    const value = row.getCell(2).value;
    if (field === 'populationCount') {
      const n = cellNumber(value);
      if (n === null) continue;
      if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647)
        errors.add(S, r, label, `"${cellText(value)}" is not a whole number.`);
      else problem.populationCount = n;
    } else if (field === 'title') {
      titleRow = true;
      problem.title = cellText(value);
      if (!problem.title) errors.add(S, r, label, 'The problem has no title.');
    } else problem[field] = cellText(value) || null;
  }
  if (!titleRow)
    errors.add(S, null, null, 'The "About" sheet has no "Problem" row with the problem\'s title.');
  return problem;
}

/** "Targets & actuals": "<period> target" columns per metric ref; "actual" columns are ignored. */
export function readTargets(ws: ExcelJS.Worksheet, parsed: ParsedLogframe, errors: ErrorList) {
  const S = SHEETS.targets;
  const headers = headerMap(ws);
  const refCol = headers.get(normHeader(TARGET_COLUMNS[0].header));
  const periodCols: Array<{ col: number; period: string; header: string }> = [];
  ws.getRow(1).eachCell({ includeEmpty: false }, (cell, col) => {
    const h = cellText(cell.value);
    if (!h.toLowerCase().endsWith(TARGET_SUFFIX)) return;
    const period = h.slice(0, -TARGET_SUFFIX.length).trim();
    if (!PERIOD_KEY_PATTERNS.custom.test(period))
      errors.add(S, 1, h, `"${period}" is not a period key (e.g. 2026-03, 2026-Q1 or 2026).`);
    else periodCols.push({ col, period, header: h });
  });
  if (!periodCols.length) return;
  if (!refCol) {
    errors.add(S, 1, null, `The header row has no "${TARGET_COLUMNS[0].header}" column.`);
    return;
  }
  const done = new Set<string>();
  for (const { row, r } of dataRows(ws)) {
    if (errors.full) break;
    const ref = cellText(row.getCell(refCol).value);
    const values = periodCols
      .map((p) => ({
        ...p,
        value: cellNumber(row.getCell(p.col).value),
        text: cellText(row.getCell(p.col).value),
      }))
      .filter((v) => v.value !== null);
    if (!ref) {
      if (values.length)
        errors.add(S, r, TARGET_COLUMNS[0].header, 'Targets need the metric ref of their metric.');
      continue;
    }
    const m = parsed.metrics.get(ref);
    if (!m) {
      errors.add(
        S,
        r,
        TARGET_COLUMNS[0].header,
        `No metric has the ref "${ref}" in the "Logframe" sheet.`,
      );
      continue;
    }
    if (done.has(ref)) {
      errors.add(
        S,
        r,
        TARGET_COLUMNS[0].header,
        `The metric "${ref}" has a second row of targets.`,
      );
      continue;
    }
    done.add(ref);
    for (const v of values) {
      if (Number.isNaN(v.value))
        errors.add(S, r, v.header, `The target "${v.text}" is not a number.`);
      else if (!PERIOD_KEY_PATTERNS[m.metric.period].test(v.period))
        errors.add(
          S,
          r,
          v.header,
          `"${v.period}" is not a ${m.metric.period} period (e.g. ${PERIOD_KEY_HINT[m.metric.period]}).`,
        );
      else m.metric.targets.push({ period: v.period, value: v.value! });
    }
  }
}

const Q_HEADER = Object.fromEntries(QUESTION_COLUMNS.map((c) => [c.key, c.header])) as Record<
  QuestionColumn,
  string
>;

/** "Survey questions": one row per question, attached by metric ref + data point key. */
export function readQuestions(ws: ExcelJS.Worksheet, parsed: ParsedLogframe, errors: ErrorList) {
  const S = SHEETS.questions;
  const headers = headerMap(ws);
  const colOf = new Map<QuestionColumn, number>();
  for (const c of QUESTION_COLUMNS) {
    const n = headers.get(normHeader(c.header));
    if (n) colOf.set(c.key, n);
  }
  for (const { row, r } of dataRows(ws)) {
    if (errors.full) break;
    const txt = (k: QuestionColumn) =>
      colOf.has(k) ? cellText(row.getCell(colOf.get(k)!).value) : '';
    const err = (k: QuestionColumn | null, message: string) =>
      errors.add(S, r, k ? Q_HEADER[k] : null, message);
    if (QUESTION_COLUMNS.every((c) => txt(c.key) === '')) continue;
    const m = parsed.metrics.get(txt('metricRef'));
    if (!m) {
      err(
        'metricRef',
        txt('metricRef')
          ? `No metric has the ref "${txt('metricRef')}" in the "Logframe" sheet.`
          : 'The question has no metric ref.',
      );
      continue;
    }
    const dp = m.dataPoints.get(txt('dpKey'));
    if (!dp) {
      err('dpKey', `The metric "${txt('metricRef')}" has no data point "${txt('dpKey')}".`);
      continue;
    }
    const text = txt('text');
    if (!text) err('text', 'The question has no text.');
    const answerText = txt('answerType');
    const answerType = answerText ? matchEnum(answerText, ANSWER_TYPES) : 'text';
    if (!answerType)
      err(
        'answerType',
        `Unknown answer type "${answerText}". Use one of: ${ANSWER_TYPES.join(', ')}.`,
      );
    const required = parseYesNo(txt('required'));
    if (required === null) err('required', 'Use Yes or No.');
    const choices = txt('choices')
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    const q = {
      text,
      helpText: txt('helpText') || null,
      answerType: answerType ?? 'text',
      choices,
      required: !!required,
    };
    dp.questions.push(q);
    parsed.questionRows.set(q, r);
  }
}
