import ExcelJS from 'exceljs';
import { problemTemplateSchema, type ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { ErrorList, type LogframeError } from './logframe-cells.js';
import { ABOUT_FIELDS, IMPORT_LIMITS, SHEETS } from './logframe-layout.js';
import { readAbout, readQuestions, readTargets } from './logframe-reader-sheets.js';
import { readLogframeSheet, type ParsedLogframe } from './logframe-reader-results.js';
import { checkZip } from './zip-guard.js';

export type { LogframeError } from './logframe-cells.js';
export type ReadResult = { template: ProblemTemplate } | { errors: LogframeError[] };

const whole = (message: string): ReadResult => ({ errors: [{ sheet: null, row: null, column: null, message }] });

/**
 * An uploaded logframe workbook -> a ProblemTemplate, or the list of what is wrong with it
 * (sheet, row, column). Never throws on bad input. Checks size, zip structure and the
 * unpacked size (zip bombs) before the spreadsheet library reads a byte.
 */
export async function workbookToTemplate(buffer: Buffer, limits = IMPORT_LIMITS): Promise<ReadResult> {
  if (buffer.length === 0) return whole('The file is empty.');
  if (buffer.length > limits.fileBytes) return whole(`The file is larger than ${Math.round(limits.fileBytes / 1024 / 1024)} MB.`);
  const zip = checkZip(buffer, { maxEntries: limits.zipEntries, maxTotal: limits.unzippedBytes });
  if (!zip.ok) return whole(zip.message);
  if (!zip.entries.some((n) => n.replace(/^\//, '') === 'xl/workbook.xml')) return whole('The file is not an Excel workbook (.xlsx).');
  if (zip.worksheetRows > limits.rows) return whole(`The workbook has more than ${limits.rows.toLocaleString('en')} rows.`);

  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    return whole('The file could not be read as an Excel workbook (.xlsx).');
  }
  try {
    return readWorkbook(wb);
  } catch {
    return whole('The workbook could not be read: its layout is not a logframe exported by this app.');
  }
}

const ELEMENT_HEADERS: Record<string, string> = { ref: 'Ref', title: 'Title', description: 'Description', assumptions: 'Assumptions', risks: 'Risks' };
const METRIC_HEADERS: Record<string, string> = {
  name: 'Metric', definition: 'Definition', unit: 'Unit', type: 'Type', direction: 'Direction', period: 'Period', baselineValue: 'Baseline value', baselineDate: 'Baseline date',
  periodStart: 'Period start', periodEnd: 'Period end', standardRef: 'Standard ref', formula: 'Formula', disaggregations: 'Disaggregations',
};
const SHEET_ORDER: string[] = [SHEETS.about, SHEETS.logframe, SHEETS.targets, SHEETS.questions];

/** Errors in reading order: by sheet, then row. */
function sorted(list: LogframeError[]): LogframeError[] {
  const s = (e: LogframeError) => (e.sheet ? SHEET_ORDER.indexOf(e.sheet) : -1);
  return [...list].sort((a, b) => s(a) - s(b) || (a.row ?? 0) - (b.row ?? 0));
}

function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  const want = name.toLowerCase();
  return wb.worksheets.find((w) => w.name.trim().toLowerCase() === want);
}

export function readWorkbook(wb: ExcelJS.Workbook): ReadResult {
  const errors = new ErrorList();
  const logframe = sheet(wb, SHEETS.logframe);
  const about = sheet(wb, SHEETS.about);
  if (!logframe || !about) {
    const missing = [!logframe && SHEETS.logframe, !about && SHEETS.about].filter(Boolean).join('" and "');
    const found = wb.worksheets.map((w) => `"${w.name}"`).join(', ') || 'none';
    return whole(`The workbook has no "${missing}" sheet (found: ${found}). Export a logframe from a problem to get the expected layout.`);
  }
  const problem = readAbout(about, errors);
  const parsed: ParsedLogframe = readLogframeSheet(logframe, errors);
  const targets = sheet(wb, SHEETS.targets);
  if (targets) readTargets(targets, parsed, errors);
  const questions = sheet(wb, SHEETS.questions);
  if (questions) readQuestions(questions, parsed, errors);
  if (errors.any) return { errors: sorted(errors.items) };

  const candidate = { problem, elements: parsed.elements.map((e) => e.element), links: parsed.links };
  const checked = problemTemplateSchema.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [top, i, sub, j, ...rest] = issue.path;
      const field = String(issue.path.at(-1) ?? '');
      if (top === 'elements' && typeof i === 'number') {
        const el = parsed.elements[i];
        const inMetric = sub === 'metrics' && typeof j === 'number';
        const row = inMetric ? el?.metricRows[j] : el?.row;
        const column = inMetric ? (rest.length > 1 ? null : (METRIC_HEADERS[field] ?? field)) : (ELEMENT_HEADERS[field] ?? field);
        const where = inMetric && rest.length > 1 ? `${rest.filter((p) => typeof p === 'string').join(' ')}: ` : '';
        errors.add(SHEETS.logframe, row ?? null, column, `${where}${issue.message}`);
      } else if (top === 'problem') errors.add(SHEETS.about, null, ABOUT_FIELDS.find(([, f]) => f === field)?.[0] ?? field, issue.message);
      else errors.add(SHEETS.logframe, null, null, `${issue.path.join('.')}: ${issue.message}`);
    }
    return { errors: sorted(errors.items) };
  }
  if (checked.data.elements.length === 0) return { errors: [{ sheet: SHEETS.logframe, row: null, column: null, message: 'The logframe has no results (rows with a level such as Impact, Outcome, Output or Activity).' }] };
  return { template: checked.data };
}
