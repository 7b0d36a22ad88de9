import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, SHEETS } from './logframe-layout.js';
import { workbookToTemplate, type ReadResult } from './logframe-reader.js';
import { templateToWorkbook } from './logframe-writer.js';
import { checkZip } from '../../platform/files/zip-guard.js';
import { SAMPLE } from './test-support.js';

async function toBuffer(wb: ExcelJS.Workbook) {
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
/** The sample workbook with a change made to it. */
async function edited(change: (wb: ExcelJS.Workbook) => void) {
  const wb = templateToWorkbook(SAMPLE);
  change(wb);
  return toBuffer(wb);
}
const rowOf = (ws: ExcelJS.Worksheet, ref: string) => {
  for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(2).value === ref) return r;
  throw new Error(`no row ${ref}`);
};
function errorsOf(result: ReadResult) {
  if (!('errors' in result)) throw new Error('expected errors, got a template');
  return result.errors;
}

describe('workbookToTemplate refuses bad files with specific errors', () => {
  it('reads the sample', async () => {
    const result = await workbookToTemplate(await toBuffer(templateToWorkbook(SAMPLE)));
    expect('template' in result && result.template.elements.map((e) => e.ref)).toEqual([
      'I1',
      'O1',
      'O2',
      'P1',
      'A1',
    ]);
  });

  it('refuses a file that is not a zip, an empty file and one that is too large', async () => {
    expect(
      errorsOf(await workbookToTemplate(Buffer.from('Level,Ref,Title\nImpact,I1,x\n')))[0].message,
    ).toMatch(/not an Excel workbook/);
    expect(errorsOf(await workbookToTemplate(Buffer.alloc(0)))[0].message).toMatch(/empty/);
    expect(
      errorsOf(await workbookToTemplate(Buffer.alloc(IMPORT_LIMITS.fileBytes + 1, 1)))[0].message,
    ).toMatch(/larger than 5 MB/);
  });

  it('refuses a zip that is not a workbook, and a truncated workbook', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    expect(
      errorsOf(
        await workbookToTemplate(
          await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
        ),
      )[0].message,
    ).toMatch(/not an Excel workbook/);
    const good = await toBuffer(templateToWorkbook(SAMPLE));
    expect(
      errorsOf(await workbookToTemplate(good.subarray(0, Math.floor(good.length / 2))))[0].message,
    ).toMatch(/not an Excel workbook/);
  });

  it('refuses a zip bomb before unpacking it (and one whose declared sizes lie)', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(IMPORT_LIMITS.unzippedBytes + 1024, 0x20));
    const bomb = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(errorsOf(await workbookToTemplate(bomb))[0].message).toMatch(
      /unpacks to more than 50 MB/,
    );
    // the same, with the central directory claiming a tiny uncompressed size
    const lying = Buffer.from(bomb);
    const eocd = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let p = lying.readUInt32LE(eocd + 16);
    for (let i = 0; i < lying.readUInt16LE(eocd + 10); i++) {
      if (lying.readUInt32LE(p + 24) > 1000) lying.writeUInt32LE(10, p + 24);
      p +=
        46 + lying.readUInt16LE(p + 28) + lying.readUInt16LE(p + 30) + lying.readUInt16LE(p + 32);
    }
    expect(checkZip(lying, { maxEntries: 100, maxTotal: 1024 * 1024 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/more than 1 MB/),
    });
  });

  it('refuses more than 20,000 rows', async () => {
    const wb = templateToWorkbook(SAMPLE);
    const ws = wb.getWorksheet(SHEETS.questions)!;
    for (let i = 0; i < IMPORT_LIMITS.rows + 1; i++) ws.addRow([]).getCell(1).value = 'x';
    expect(errorsOf(await workbookToTemplate(await toBuffer(wb)))[0].message).toMatch(
      /more than 20,000 rows/,
    );
  });

  it('refuses whole-sheet validation or merged ranges (the spreadsheet library would expand them cell by cell)', async () => {
    const zip = await JSZip.loadAsync(await toBuffer(templateToWorkbook(SAMPLE)));
    const name = 'xl/worksheets/sheet1.xml';
    const xml = (await zip.file(name)!.async('string')).replace(
      '</sheetData>',
      '</sheetData><mergeCells count="1"><mergeCell ref="A300:XFD1048576"/></mergeCells>',
    );
    zip.file(name, xml);
    const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(errorsOf(await workbookToTemplate(buf))[0].message).toMatch(/ranges that are too large/);
  });

  it('reads a cell on row 1,000,000 without walking the empty rows before it', async () => {
    const buf = await edited((wb) => {
      wb.getWorksheet(SHEETS.logframe)!.getCell('A1000000').value = 'Activity';
    });
    expect(errorsOf(await workbookToTemplate(buf))).toEqual([
      {
        sheet: 'Logframe',
        row: 1_000_000,
        column: 'Ref',
        message: 'The result has no ref (e.g. A1, O2).',
      },
      { sheet: 'Logframe', row: 1_000_000, column: 'Title', message: 'The result has no title.' },
    ]);
  });

  it('refuses a workbook without the expected sheets, naming them', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['hello']);
    const [e] = errorsOf(await workbookToTemplate(await toBuffer(wb)));
    expect(e.message).toMatch(/no "Logframe" and "About" sheet \(found: "Sheet1"\)/);
  });

  it('refuses an unknown level, a broken ref, a wrong link direction and a cycle, each on its row and column', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.getRow(rowOf(ws, 'A1')).getCell(1).value = 'Goal';
      ws.getRow(rowOf(ws, 'P1')).getCell(5).value = 'O2, X9';
      ws.getRow(rowOf(ws, 'I1')).getCell(5).value = 'O1';
      ws.getRow(rowOf(ws, 'O1')).getCell(5).value = 'O2';
    });
    const errors = errorsOf(await workbookToTemplate(buf));
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          sheet: 'Logframe',
          row: 6 + 2,
          column: 'Level',
          message: expect.stringMatching(/Unknown level "Goal"/),
        },
        {
          sheet: 'Logframe',
          row: 5,
          column: 'Contributes to',
          message: expect.stringMatching(/"X9" is not the ref/),
        },
        {
          sheet: 'Logframe',
          row: 2,
          column: 'Contributes to',
          message: expect.stringMatching(/impact cannot contribute to an outcome/),
        },
        {
          sheet: 'Logframe',
          row: 3,
          column: 'Contributes to',
          message: 'The links go round in a circle: O1 -> O2 -> O1.',
        },
      ]),
    );
  });

  it('refuses a non-numeric baseline, a non-numeric target and a period key that does not fit the metric', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      const metricRow = rowOf(ws, 'P1') + 1;
      ws.getRow(metricRow).getCell(15).value = 'about ten';
      const t = wb.getWorksheet(SHEETS.targets)!;
      t.getRow(2).getCell(6).value = 'lots';
      t.getRow(1).getCell(8).value = '2026-03 target';
      t.getRow(2).getCell(8).value = 5;
      t.getRow(1).getCell(9).value = 'next year target';
      t.getRow(2).getCell(9).value = 5;
    });
    const errors = errorsOf(await workbookToTemplate(buf));
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          sheet: 'Logframe',
          row: 6,
          column: 'Baseline value',
          message: 'The baseline "about ten" is not a number.',
        },
        {
          sheet: 'Targets & actuals',
          row: 2,
          column: '2026-Q1 target',
          message: 'The target "lots" is not a number.',
        },
        {
          sheet: 'Targets & actuals',
          row: 2,
          column: '2026-03 target',
          message: '"2026-03" is not a quarterly period (e.g. 2026-Q1).',
        },
        {
          sheet: 'Targets & actuals',
          row: 1,
          column: 'next year target',
          message: expect.stringMatching(/is not a period key/),
        },
      ]),
    );
  });

  it('refuses a metric with no result above it and a data point key that is not a key', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.spliceRows(2, 0, [
        'Metric',
        null,
        null,
        null,
        null,
        null,
        null,
        'M9',
        'Orphan',
        null,
        null,
        'count',
      ]);
      const dpRow = rowOf(ws, 'P1') + 2;
      ws.getRow(dpRow).getCell(22).value = 'Girls Mentored';
    });
    const errors = errorsOf(await workbookToTemplate(buf));
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          sheet: 'Logframe',
          row: 2,
          column: 'Level',
          message: 'A metric row must come below the result it measures.',
        },
        {
          sheet: 'Logframe',
          row: 8,
          column: 'Data point key',
          message: expect.stringMatching(/lower-case letters/),
        },
      ]),
    );
  });

  it('maps schema limits to the cell (a title over 300 characters), errors in sheet and row order', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.getRow(rowOf(ws, 'A1')).getCell(3).value = 'x'.repeat(301);
      ws.getRow(rowOf(ws, 'P1') + 1).getCell(9).value = 'y'.repeat(201);
      wb.getWorksheet(SHEETS.about)!.getRow(5).getCell(2).value = 3e9;
    });
    const errors = errorsOf(await workbookToTemplate(buf));
    expect(errors).toEqual([
      {
        sheet: 'About',
        row: 5,
        column: 'Population (count)',
        message: '"3000000000" is not a whole number.',
      },
    ]);
    const second = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.getRow(rowOf(ws, 'A1')).getCell(3).value = 'x'.repeat(301);
      ws.getRow(rowOf(ws, 'P1') + 1).getCell(9).value = 'y'.repeat(201);
    });
    expect(errorsOf(await workbookToTemplate(second))).toEqual([
      { sheet: 'Logframe', row: 6, column: 'Metric', message: expect.stringMatching(/200/) },
      { sheet: 'Logframe', row: 8, column: 'Title', message: expect.stringMatching(/300/) },
    ]);
  });

  it('reports the library rules on their cells (a disaggregation listed twice)', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.getRow(rowOf(ws, 'P1') + 1).getCell(21).value = 'sex: Female|Male; sex (Sex again): F|M';
    });
    expect(errorsOf(await workbookToTemplate(buf))).toEqual([
      {
        sheet: 'Logframe',
        row: 6,
        column: 'Disaggregations',
        message: 'The disaggregation "sex" is used twice in this metric.',
      },
    ]);
    const longQuestion = await edited((wb) => {
      wb.getWorksheet(SHEETS.questions)!.getRow(2).getCell(3).value = 'q'.repeat(501);
    });
    expect(errorsOf(await workbookToTemplate(longQuestion))).toEqual([
      {
        sheet: 'Survey questions',
        row: 2,
        column: 'Question',
        message: expect.stringMatching(/500/),
      },
    ]);
  });

  it('takes a formula cell by its cached value, never evaluating it', async () => {
    const buf = await edited((wb) => {
      const ws = wb.getWorksheet(SHEETS.logframe)!;
      ws.getRow(rowOf(ws, 'P1') + 1).getCell(15).value = {
        formula: '1+1',
        result: 7,
      } as ExcelJS.CellFormulaValue;
    });
    const result = await workbookToTemplate(buf);
    expect('template' in result && result.template.elements[3].metrics[0].baselineValue).toBe(7);
  });
});
