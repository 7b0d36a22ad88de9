import ExcelJS from 'exceljs';
import { checkZip } from '../../platform/files/zip-guard.js';
import { unescapeCellText } from '../../platform/exports/cells.js';
import type { SheetRow, XlsformSheets } from './xlsform.map.js';

/** What an uploaded XLSForm may be. */
export const XLSFORM_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  unzippedBytes: 50 * 1024 * 1024,
  zipEntries: 500,
  /** unpacked bytes per byte of file: more is a zip bomb */
  zipRatio: 200,
  rows: 20_000,
  rangeCells: 2_000_000,
} as const;

type Read = { ok: true; sheets: XlsformSheets } | { ok: false; message: string };

/**
 * An uploaded file -> the rows of its survey, choices and settings sheets, or why it is refused.
 * The bytes decide (never the name): a real .xlsx, checked for zip bombs, XML entity declarations
 * and oversized ranges before exceljs reads it. Never throws on bad input.
 */
export async function readXlsform(buffer: Buffer, limits = XLSFORM_LIMITS): Promise<Read> {
  const no = (message: string): Read => ({ ok: false, message });
  if (buffer.length === 0) return no('The file is empty.');
  if (buffer.length > limits.fileBytes)
    return no(`The file is larger than ${limits.fileBytes / 1024 / 1024} MB.`);
  const zip = checkZip(buffer, { maxEntries: limits.zipEntries, maxTotal: limits.unzippedBytes });
  if (!zip.ok) return no(zip.message);
  if (!zip.entries.some((n) => /^\/?xl\/workbook\.xml$/i.test(n)))
    return no('The file is not an Excel workbook (.xlsx).');
  if (zip.totalBytes > buffer.length * limits.zipRatio)
    return no('The workbook unpacks to too much for its size (a zip bomb?).');
  if (zip.doctype) return no('The workbook declares XML entities (DOCTYPE), which are refused.');
  if (zip.worksheetRows > limits.rows) return no(`The workbook has more than ${limits.rows} rows.`);
  if (zip.rangeCells > limits.rangeCells)
    return no(
      'The workbook has data validation or merged-cell ranges that are too large (for example a whole column). Remove them and try again.',
    );
  const names = zip.sheets.map((s) => s.trim().toLowerCase());
  if (!names.includes('survey'))
    return no(
      `The workbook has no “survey” sheet, so it is not an XLSForm (its sheets: ${zip.sheets.join(', ') || 'none'}).`,
    );

  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    return no('The file could not be read as an Excel workbook (.xlsx).');
  }
  const sheet = (name: string) => wb.worksheets.find((w) => w.name.trim().toLowerCase() === name);
  const survey = sheet('survey');
  if (!survey) return no('The workbook has no “survey” sheet, so it is not an XLSForm.');
  const rows = rowsOf(survey);
  if (!rows.header.includes('type'))
    return no('The “survey” sheet has no “type” column in its first row.');
  const choices = sheet('choices');
  const settings = sheet('settings');
  return {
    ok: true,
    sheets: {
      survey: rows.rows,
      choices: choices ? rowsOf(choices).rows : null,
      settings: settings ? rowsOf(settings).rows : null,
    },
  };
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v == null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return unescapeCellText(cell.text ?? '');
}

/** The first row names the columns (lower-cased, `label::Lang` kept); each later row by column. */
function rowsOf(ws: ExcelJS.Worksheet): { header: string[]; rows: SheetRow[] } {
  const header: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col] = cellText(cell)
      .trim()
      .toLowerCase()
      .replace(/\s*::\s*/g, '::');
  });
  const rows: SheetRow[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const cells: Record<string, string> = {};
    row.eachCell((cell, col) => {
      const h = header[col];
      if (h) cells[h] = cellText(cell);
    });
    rows.push({ row: n, cells });
  });
  return { header: header.filter(Boolean), rows };
}
