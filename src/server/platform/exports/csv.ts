import { escapeCellText } from './cells.js';

/**
 * One CSV cell: text that a spreadsheet would read as a formula (= + - @, tab, CR) is escaped the
 * way the logframe and response exports escape it; JSON values are written as JSON; dates as ISO.
 */
function csvCell(v: unknown): string {
  if (v === undefined || v === null) return '';
  // a number is never a formula (and -5 stays -5)
  if (typeof v === 'number') return String(v);
  let s: string;
  if (v instanceof Date) s = v.toISOString();
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  s = escapeCellText(s);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A CSV file from pages of rows (the header is the first page): UTF-8 with a BOM, a chunk per page. */
export async function* csvChunks(pages: AsyncIterable<unknown[][]>): AsyncGenerator<string> {
  yield '\ufeff';
  for await (const page of pages) {
    let chunk = '';
    for (const r of page) chunk += csvLine(r);
    if (chunk) yield chunk;
  }
}
