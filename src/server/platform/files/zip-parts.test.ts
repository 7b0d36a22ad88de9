import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readZipParts } from './zip-parts.js';

const dir = mkdtempSync(path.join(tmpdir(), 'zip-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readZipParts', () => {
  it('reads named parts of an .xlsx by its central directory', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes');
    wb.addWorksheet('Data & more');
    const file = path.join(dir, 'book.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    const parts = await readZipParts(file, [
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'nope',
    ]);
    expect([...parts.keys()].sort()).toEqual(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml']);
    expect(parts.get('xl/workbook.xml')!.toString('utf8')).toContain('name="Data &amp; more"');
    expect(parts.get('xl/_rels/workbook.xml.rels')!.toString('utf8')).toContain(
      'worksheets/sheet2.xml',
    );
  });

  it('gives nothing for a file that is not a zip, and leaves out a part over the cap', async () => {
    const text = path.join(dir, 'plain.txt');
    writeFileSync(text, 'a,b\n1,2\n');
    expect((await readZipParts(text, ['xl/workbook.xml'])).size).toBe(0);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data');
    const file = path.join(dir, 'small.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    expect((await readZipParts(file, ['xl/workbook.xml'], 10)).size).toBe(0);
  });
});
