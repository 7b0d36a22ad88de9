import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { escapeCellText, unescapeCellText, xlsxCellText } from './cells.js';

const TEXTS = [
  'plain',
  '=1+1',
  "'quoted",
  '_x0041_',
  'a_x0000_',
  '_x005F_',
  '_x005f_x0041_',
  'key_x12ab_tail_X0041_',
  '__x0041__',
];

/** Each text written to a cell of its own row, the workbook saved, loaded again and read back. */
async function throughXlsx(texts: string[]): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('t');
  for (const t of texts) sheet.addRow([t]);
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(await book.xlsx.writeBuffer());
  const back = read.getWorksheet('t')!;
  return texts.map((_, i) => String(back.getRow(i + 1).getCell(1).value));
}

describe('cell text', () => {
  it('escapes formula-like text and reads back exactly one apostrophe less', () => {
    for (const t of TEXTS) expect(unescapeCellText(escapeCellText(t))).toBe(t);
    expect(escapeCellText('=SUM(A1)')).toBe("'=SUM(A1)");
  });

  it('survives an XLSX round trip through exceljs, OOXML _xHHHH_ escapes included', async () => {
    const back = await throughXlsx(TEXTS.map(xlsxCellText));
    expect(back.map(unescapeCellText)).toEqual(TEXTS);
  });

  it('without the OOXML escape, exceljs would read _x0041_ as A (why xlsxCellText exists)', async () => {
    expect(await throughXlsx(['_x0041_'])).toEqual(['A']);
  });
});
