import type ExcelJS from 'exceljs';
import { unescapeCellText } from '../../platform/exports/cells.js';

/** One problem found in an uploaded workbook, where an M&E officer can find it. */
export interface LogframeError {
  sheet: string | null;
  row: number | null;
  column: string | null;
  message: string;
}

export function formatLogframeError(e: LogframeError): string {
  const where = [e.sheet, e.row != null ? `row ${e.row}` : null, e.column]
    .filter(Boolean)
    .join(', ');
  return where ? `${where}: ${e.message}` : e.message;
}

/** A cell as text: formulas give their cached result (never evaluated), dates an ISO date, rich text its plain text. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value == null) return '';
  if (typeof value === 'string') return unescapeCellText(value.trim());
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return unescapeCellText(
        value.richText
          .map((r) => String(r?.text ?? ''))
          .join('')
          .trim(),
      );
    if ('error' in value) return '';
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
    if ('formula' in value || 'sharedFormula' in value) return '';
    if ('text' in value) return cellText((value as { text?: ExcelJS.CellValue }).text);
  }
  return '';
}

/** A cell as a number: null when empty, NaN when it holds something that is not a number. */
export function cellNumber(value: ExcelJS.CellValue | undefined): number | null {
  if (value != null && typeof value === 'object' && !(value instanceof Date) && 'result' in value)
    return cellNumber((value as { result?: ExcelJS.CellValue }).result);
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const t = cellText(value).replace(/[\s\u00a0]/g, '');
  if (t === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A cell as a YYYY-MM-DD date: null when empty, undefined when it is not a valid date. */
export function cellDate(value: ExcelJS.CellValue | undefined): string | null | undefined {
  const t = cellText(value);
  if (t === '') return null;
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(t)) return undefined;
  const d = new Date(`${t}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === t ? t : undefined;
}

export const normHeader = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_&-]+/g, ' ')
    .trim();

/** header text -> column number for row 1 of a sheet. */
export function headerMap(ws: ExcelJS.Worksheet): Map<string, number> {
  const map = new Map<string, number>();
  ws.getRow(1).eachCell({ includeEmpty: false }, (cell, col) => {
    const h = normHeader(cellText(cell.value));
    if (h && !map.has(h)) map.set(h, col);
  });
  return map;
}

/**
 * The rows that hold something, from row `from` on, in order. Never walks empty row numbers: a
 * file with one cell on row 1,048,576 must not make us create a million rows.
 */
export function dataRows(ws: ExcelJS.Worksheet, from = 2): Array<{ row: ExcelJS.Row; r: number }> {
  const out: Array<{ row: ExcelJS.Row; r: number }> = [];
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (r >= from) out.push({ row, r });
  });
  return out;
}

/** Collects errors up to a cap (a broken file should not produce a million lines). */
export class ErrorList {
  readonly items: LogframeError[] = [];
  constructor(private readonly cap = 200) {}
  add(sheet: string | null, row: number | null, column: string | null, message: string) {
    if (this.items.length < this.cap) this.items.push({ sheet, row, column, message });
  }
  get full() {
    return this.items.length >= this.cap;
  }
  get any() {
    return this.items.length > 0;
  }
}
