import ExcelJS from 'exceljs';
import { xlsxCellText } from '../../platform/exports/cells.js';
import type { IpttTable } from '../../../shared/insights/iptt.js';

export const IPTT_SHEET = 'IPTT';
const FIXED = ['Indicator', 'Level', 'Result', 'Problem', 'Unit', 'Baseline'];

/**
 * The IPTT as a workbook: a title block, then a two-row header (periods over Target / Actual /
 * % achieved), one row per indicator, notes last. Every text cell is escaped (a leading = + - @
 * gets an apostrophe) so no cell becomes a formula; figures are numbers, % achieved a fraction
 * formatted as a percentage.
 */
export async function ipttWorkbook(
  table: IpttTable,
  meta: { title: string; filters: string; generatedAt: Date },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = meta.generatedAt;
  const ws = wb.addWorksheet(IPTT_SHEET, { views: [{ state: 'frozen', xSplit: 1, ySplit: 5 }] });
  const t = (s: string) => xlsxCellText(s);
  ws.addRow([t(`Indicator performance tracking table: ${meta.title}`)]).font = {
    bold: true,
    size: 13,
  };
  ws.addRow([t(meta.filters)]);
  ws.addRow([`Generated ${meta.generatedAt.toISOString().slice(0, 10)}`]);
  const top = [...FIXED];
  const sub = FIXED.map(() => '');
  for (const p of table.periods) {
    top.push(t(p.label), '', '');
    sub.push('Target', 'Actual', '% achieved');
  }
  top.push('Status', 'Notes');
  sub.push('', '');
  const h1 = ws.addRow(top);
  const h2 = ws.addRow(sub);
  h1.font = { bold: true };
  h2.font = { bold: true };
  table.periods.forEach((_, i) => {
    const c = FIXED.length + 1 + i * 3;
    ws.mergeCells(h1.number, c, h1.number, c + 2);
  });
  for (const r of table.rows) {
    const cells: Array<string | number | null> = [
      t(r.indicator),
      r.level,
      t(r.result),
      t(r.problem),
      t(r.unit),
      r.baseline,
    ];
    for (const p of table.periods) {
      const c = r.cells[p.key];
      cells.push(
        c?.target ?? null,
        c?.actual ?? null,
        c?.achieved === null || !c ? null : c.achieved / 100,
      );
    }
    cells.push(r.status, t(r.notes));
    const row = ws.addRow(cells);
    table.periods.forEach((_, i) => {
      row.getCell(FIXED.length + 3 + i * 3).numFmt = '0%';
    });
    row.getCell(cells.length).alignment = { wrapText: true, vertical: 'top' };
  }
  ws.getColumn(1).width = 40;
  ws.getColumn(3).width = 30;
  ws.getColumn(4).width = 24;
  ws.getColumn(FIXED.length + table.periods.length * 3 + 2).width = 50;
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
