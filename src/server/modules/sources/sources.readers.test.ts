import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { copyText } from '../datasets/datasets.copy.js';
import { detectEncoding } from './sources.files.js';
import {
  cellValue,
  columnNames,
  DELIMITERS,
  detectDelimiter,
  fileRows,
  looksLikeHeader,
} from './sources.readers.js';
import { keyFromLabel } from './sources.use-cases.js';

describe('detection', () => {
  it('the encoding from the BOM, else UTF-8 if it decodes, else Windows-1252', () => {
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x61, 0]))).toBe('utf-16le');
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x61]))).toBe('utf-16be');
    expect(detectEncoding(Buffer.from('Zürich', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('Z\xfcrich', 'latin1'))).toBe('windows-1252');
    // a character cut at the end of the sample is still UTF-8
    expect(detectEncoding(Buffer.from('Zürich', 'utf8').subarray(0, 2))).toBe('utf-8');
  });

  it('the delimiter among comma, semicolon, tab and pipe', () => {
    expect(DELIMITERS).toEqual([',', ';', '\t', '|']);
    expect(detectDelimiter('a;b\n1;2\n3;4\n')).toBe(';');
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('"x, y",b\n1,2\n')).toBe(',');
  });

  it('the header row, blank and repeated names', () => {
    expect(looksLikeHeader(['name', 'age'])).toBe(true);
    expect(looksLikeHeader(['Anna', 34])).toBe(false);
    expect(looksLikeHeader(['2026-01-01', 'x'])).toBe(false);
    expect(columnNames(['name', '', 'Name', null], 5)).toEqual([
      'name',
      'Column 2',
      'Name (2)',
      'Column 4',
      'Column 5',
    ]);
  });
});

describe('values', () => {
  it('spreadsheet cells: formulas as their result, rich text as text, errors as text', () => {
    expect(cellValue({ formula: 'A1+1', result: 3 })).toBe(3);
    expect(cellValue({ sharedFormula: 'A1', result: undefined })).toBeNull();
    expect(cellValue({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellValue({ text: 'site', hyperlink: 'https://x' })).toBe('site');
    expect(cellValue({ error: '#DIV/0!' })).toBe('#DIV/0!');
  });

  it('column keys from labels', () => {
    expect(keyFromLabel('Age (years)')).toBe('age_years');
    expect(keyFromLabel('Prénom élève')).toBe('prenom_eleve');
    expect(keyFromLabel('2026 total')).toBe('col_2026_total');
  });

  it('COPY text escapes tabs, newlines and backslashes; null is \\N', () => {
    expect(copyText([{ row: 1, values: ['a\tb', 'x\ny\\', null] }])).toBe(
      '1\ta\\tb\tx\\ny\\\\\t\\N\n',
    );
  });
});

describe('fileRows on text', () => {
  it('reads the rows papaparse reads from the whole text, across chunk boundaries', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pw-readers-'));
    try {
      // quoted newlines, quotes, delimiters and empty lines, wide enough to cross 64 KB chunks
      for (const newline of ['\n', '\r\n']) {
        let text = `id;note;amount${newline}`;
        for (let i = 1; i <= 3000; i++)
          text +=
            i % 7 === 0
              ? `${i};"line one${newline}line ""two"";${'x'.repeat(i % 50)}";${i}.5${newline}`
              : i % 11 === 0
                ? newline
                : `${i};plain ${'y'.repeat(i % 40)};${i}${newline}`;
        text += '3001;"no newline at the end";1';
        const file = path.join(dir, 'rows.csv');
        writeFileSync(file, text);
        const rows: unknown[] = [];
        for await (const r of fileRows(file, { format: 'text', encoding: 'utf-8', delimiter: ';' }))
          rows.push(r);
        const whole = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true }).data;
        expect(rows.length).toBe(whole.length);
        expect(rows).toEqual(whole);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fileRows on a workbook', () => {
  it('reads the picked sheet when xl/workbook.xml comes after the sheets and shared strings', async () => {
    // exceljs's streaming reader names a sheet from xl/workbook.xml; in this order it met the sheet
    // first and threw "Cannot read properties of undefined (reading 'sheets')" (exceljs#3064, the
    // order that made a good upload's preview fail now and then)
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['ignore me']);
    const data = wb.addWorksheet('Data');
    data.addRow(['Code', 'Visited']);
    data.addRow(['A1', new Date(Date.UTC(2026, 0, 15))]);
    data.getColumn(2).numFmt = 'yyyy-mm-dd';
    const written = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    const last = ['xl/workbook.xml'];
    const first = [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ];
    const names = Object.keys(written.files).filter((n) => !written.files[n].dir);
    const ordered = new JSZip();
    for (const n of [
      ...first,
      ...names.filter((x) => !first.includes(x) && !last.includes(x)),
      ...last,
    ])
      ordered.file(n, await written.file(n)!.async('uint8array'));
    const dir = mkdtempSync(path.join(tmpdir(), 'pw-xlsx-'));
    try {
      const file = path.join(dir, 'late-workbook.xlsx');
      writeFileSync(
        file,
        await ordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      );
      const rows: unknown[][] = [];
      for await (const r of fileRows(file, { format: 'xlsx', sheet: 'Data' })) rows.push(r);
      expect(rows).toEqual([
        ['Code', 'Visited'],
        ['A1', new Date(Date.UTC(2026, 0, 15))],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
