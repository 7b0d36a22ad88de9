import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { xlsxCellText } from './cells.js';

/** Excel's limits: characters in a cell, rows in a sheet (a longer table continues on "name (2)"). */
const MAX_CELL = 32_767;
const MAX_ROWS = 1_048_576;

/**
 * One XLSX cell: numbers, booleans and dates stay typed; text that a spreadsheet would read as a
 * formula (= + - @, tab, CR) is escaped as in the CSVs; JSON values are one JSON text cell. Text
 * never becomes a formula (exceljs writes strings as strings), the escape is for copy and paste.
 */
function xlsxCell(v: unknown): ExcelJS.CellValue {
  if (v === undefined || v === null) return null;
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v;
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return xlsxCellText(s).slice(0, MAX_CELL);
}

/** The rows of one sheet: the header first, then pages of rows. */
export interface SheetSource {
  name: string;
  pages: () => AsyncGenerator<unknown[][]>;
}

/**
 * A workbook streamed as it is written (exceljs' streaming writer): one sheet per source, read
 * page by page. The writer starts when the zip first reads this stream and fails it on an error.
 */
export async function* xlsxStream(sheets: SheetSource[]): AsyncGenerator<Buffer> {
  // exceljs (~28 MB once loaded) is imported when an export runs, not at start
  const { default: Excel } = await import('exceljs');
  const out = new PassThrough();
  const wb = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const write = async () => {
    for (const s of sheets) {
      let part = 1;
      let header: unknown[] | null = null;
      let ws = wb.addWorksheet(s.name.slice(0, 31));
      let rows = 0;
      for await (const page of s.pages())
        for (const r of page) {
          if (!header) header = r;
          else if (rows >= MAX_ROWS) {
            ws.commit();
            part += 1;
            ws = wb.addWorksheet(`${s.name.slice(0, 25)} (${part})`);
            ws.addRow(header.map(xlsxCell)).commit();
            rows = 1;
          }
          ws.addRow(r.map(xlsxCell)).commit();
          rows += 1;
        }
      ws.commit();
    }
    await wb.commit();
  };
  const done = write().catch((err: Error) => {
    out.destroy(err);
  });
  for await (const chunk of out) yield chunk as Buffer;
  await done;
}
