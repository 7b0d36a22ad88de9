import ExcelJS from 'exceljs';
import {
  problemTemplateSchema,
  type ProblemTemplate,
} from '../../../shared/toc/template.schemas.js';
import { templateProblems } from '../libraries/index.js';
import { ErrorList, type LogframeError } from './logframe-cells.js';
import { ABOUT_FIELDS, IMPORT_LIMITS, QUESTION_COLUMNS, SHEETS } from './logframe-layout.js';
import { readAbout, readQuestions, readTargets } from './logframe-reader-sheets.js';
import { readLogframeSheet, type ParsedLogframe } from './logframe-reader-results.js';
import { checkZip } from '../../platform/files/zip-guard.js';
import { formatNumber } from '../../../shared/format/number.js';

export type ReadResult = { template: ProblemTemplate } | { errors: LogframeError[] };

const whole = (message: string): ReadResult => ({
  errors: [{ sheet: null, row: null, column: null, message }],
});

/**
 * An uploaded logframe workbook -> a ProblemTemplate, or the list of what is wrong with it
 * (sheet, row, column). Never throws on bad input. Checks size, zip structure and the
 * unpacked size (zip bombs) before the spreadsheet library reads a byte.
 */
export async function workbookToTemplate(
  buffer: Buffer,
  limits = IMPORT_LIMITS,
): Promise<ReadResult> {
  if (buffer.length === 0) return whole('The file is empty.');
  if (buffer.length > limits.fileBytes)
    return whole(`The file is larger than ${Math.round(limits.fileBytes / 1024 / 1024)} MB.`);
  const zip = checkZip(buffer, { maxEntries: limits.zipEntries, maxTotal: limits.unzippedBytes });
  if (!zip.ok) return whole(zip.message);
  if (!zip.entries.some((n) => n.replace(/^\//, '') === 'xl/workbook.xml'))
    return whole('The file is not an Excel workbook (.xlsx).');
  if (zip.worksheetRows > limits.rows)
    return whole(`The workbook has more than ${formatNumber(limits.rows)} rows.`);
  if (zip.rangeCells > limits.rangeCells)
    return whole(
      'The workbook has data validation or merged-cell ranges that are too large (for example a whole column). Remove them and try again.',
    );

  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    return whole('The file could not be read as an Excel workbook (.xlsx).');
  }
  try {
    return readWorkbook(wb);
  } catch {
    return whole(
      'The workbook could not be read: its layout is not a logframe exported by this app.',
    );
  }
}

const ELEMENT_HEADERS: Record<string, string> = {
  ref: 'Ref',
  title: 'Title',
  description: 'Description',
  assumptions: 'Assumptions',
  risks: 'Risks',
};
const METRIC_HEADERS: Record<string, string> = {
  name: 'Metric',
  definition: 'Definition',
  unit: 'Unit',
  type: 'Type',
  direction: 'Direction',
  period: 'Period',
  baselineValue: 'Baseline value',
  baselineDate: 'Baseline date',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  standardRef: 'Standard ref',
  formula: 'Formula',
  disaggregations: 'Disaggregations',
};
const DATA_POINT_HEADERS: Record<string, string> = {
  key: 'Data point key',
  name: 'Data point name',
  description: 'Data point description',
  measurement: 'Measurement',
  aggregation: 'Aggregation',
  starred: 'Starred',
};
const QUESTION_HEADERS: Record<string, string> = Object.fromEntries(
  QUESTION_COLUMNS.map((c) => [c.key, c.header]),
);
const SHEET_ORDER: string[] = [SHEETS.about, SHEETS.logframe, SHEETS.targets, SHEETS.questions];

/** Errors in reading order: by sheet, then row. */
function sorted(list: LogframeError[]): LogframeError[] {
  const s = (e: LogframeError) => (e.sheet ? SHEET_ORDER.indexOf(e.sheet) : -1);
  return [...list].sort((a, b) => s(a) - s(b) || (a.row ?? 0) - (b.row ?? 0));
}

/** A template path (elements.3.metrics.0.name) -> the sheet, row and column it came from. */
function addAt(
  errors: ErrorList,
  parsed: ParsedLogframe,
  path: ReadonlyArray<PropertyKey>,
  message: string,
) {
  const [top, i, sub, j, ...rest] = path;
  const field = String(path.at(-1) ?? '');
  if (top === 'elements' && typeof i === 'number') {
    const el = parsed.elements[i];
    if (sub !== 'metrics' || typeof j !== 'number')
      return errors.add(SHEETS.logframe, el?.row ?? null, ELEMENT_HEADERS[field] ?? field, message);
    const [group, k] = rest;
    if (group === 'dataPoints' && typeof k === 'number') {
      const row = el?.dataPointRows[j]?.[k] ?? el?.metricRows[j];
      const [, , group2, q] = rest;
      if (group2 === 'questions' && typeof q === 'number') {
        const question = el?.element.metrics[j]?.dataPoints[k]?.questions[q];
        return errors.add(
          SHEETS.questions,
          (question && parsed.questionRows.get(question)) ?? null,
          QUESTION_HEADERS[field] ?? field,
          message,
        );
      }
      return errors.add(SHEETS.logframe, row ?? null, DATA_POINT_HEADERS[field] ?? field, message);
    }
    errors.add(
      SHEETS.logframe,
      el?.metricRows[j] ?? null,
      METRIC_HEADERS[String(group ?? field)] ?? METRIC_HEADERS[field] ?? field,
      message,
    );
  } else if (top === 'problem')
    errors.add(
      SHEETS.about,
      null,
      ABOUT_FIELDS.find(([, f]) => f === field)?.[0] ?? field,
      message,
    );
  else errors.add(SHEETS.logframe, null, null, `${path.map(String).join('.')}: ${message}`);
}

function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  const want = name.toLowerCase();
  return wb.worksheets.find((w) => w.name.trim().toLowerCase() === want);
}

function readWorkbook(wb: ExcelJS.Workbook): ReadResult {
  const errors = new ErrorList();
  const logframe = sheet(wb, SHEETS.logframe);
  const about = sheet(wb, SHEETS.about);
  if (!logframe || !about) {
    const missing = [!logframe && SHEETS.logframe, !about && SHEETS.about]
      .filter(Boolean)
      .join('" and "');
    const found = wb.worksheets.map((w) => `"${w.name}"`).join(', ') || 'none';
    return whole(
      `The workbook has no "${missing}" sheet (found: ${found}). Export a logframe from a problem to get the expected layout.`,
    );
  }
  const problem = readAbout(about, errors);
  const parsed: ParsedLogframe = readLogframeSheet(logframe, errors);
  const targets = sheet(wb, SHEETS.targets);
  if (targets) readTargets(targets, parsed, errors);
  const questions = sheet(wb, SHEETS.questions);
  if (questions) readQuestions(questions, parsed, errors);
  if (errors.any) return { errors: sorted(errors.items) };

  const candidate = {
    problem,
    elements: parsed.elements.map((e) => e.element),
    links: parsed.links,
  };
  const checked = problemTemplateSchema.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) addAt(errors, parsed, issue.path, issue.message);
    return { errors: sorted(errors.items) };
  }
  // the library's structural rules (also run by materializeProblem): report them on their rows here
  for (const [path, message] of Object.entries(templateProblems(checked.data)))
    addAt(
      errors,
      parsed,
      path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message,
    );
  if (errors.any) return { errors: sorted(errors.items) };
  if (checked.data.elements.length === 0)
    return {
      errors: [
        {
          sheet: SHEETS.logframe,
          row: null,
          column: null,
          message:
            'The logframe has no results (rows with a level such as Impact, Outcome, Output or Activity).',
        },
      ],
    };
  return { template: checked.data };
}
