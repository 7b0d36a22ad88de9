import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { problemTemplateSchema } from '../../../shared/toc/template.schemas.js';
import { formatFigure } from '../../../shared/format/number.js';
import { actualsKey, templateToXlsx } from './logframe-writer.js';

describe('logframe export figures', () => {
  it('writes actuals rounded to the metric precision with the app number format (one format everywhere)', async () => {
    const t = problemTemplateSchema.parse({
      problem: { title: 'Girls in school' },
      elements: [
        {
          ref: 'O1',
          kind: 'outcome',
          horizon: 'short',
          title: 'Girls stay',
          metrics: [
            {
              name: 'Girls enrolled',
              type: 'percentage',
              targets: [{ period: '2026-Q1', value: 90 }],
            },
          ],
        },
      ],
    });
    const buf = await templateToXlsx(t, {
      actuals: { [actualsKey('O1', 0)]: { '2026-Q1': 85.1485148515 } },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Targets & actuals')!;
    const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const actual = ws.getRow(2).getCell(headers.indexOf('2026-Q1 actual'));
    expect(actual.value).toBe(85.15);
    expect(actual.numFmt).toBe('#,##0.##');
    expect(`${actual.value} %`).toBe(formatFigure(85.1485148515, { type: 'percentage' }));
  });
});
