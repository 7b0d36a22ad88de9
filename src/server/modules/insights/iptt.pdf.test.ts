import { describe, expect, it } from 'vitest';
import type { IpttTable } from '../../../shared/insights/iptt.js';
import { ipttPdf } from './iptt.pdf.js';

const meta = { title: 'Girls drop out', filters: 'All periods, Totals', generatedAt: new Date(0) };
const pages = (b: Buffer) => (b.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

function table(rows: number, periods: number, indicator = 'Girls passing'): IpttTable {
  const ps = Array.from({ length: periods }, (_, i) => ({ key: `p${i}`, label: `P${i + 1}` }));
  return {
    periods: ps,
    rows: Array.from({ length: rows }, (_, r) => ({
      metricId: `m${r}`,
      indicator: `${indicator} ${r + 1}`,
      level: 'Outcome',
      result: 'More girls pass exams',
      problem: 'Girls drop out',
      unit: '%',
      baseline: 40,
      cells: Object.fromEntries(ps.map((p) => [p.key, { target: 50, actual: 49, achieved: 98 }])),
      status: 'On track',
      notes: r % 3 ? '' : 'P1: Exam results',
    })),
  };
}

describe('IPTT PDF', () => {
  it('is a PDF; more rows than a page holds and more than four periods make more pages', async () => {
    const small = await ipttPdf(table(2, 4), meta);
    expect(small.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(small)).toBe(1);
    // 60 rows over 10 periods: three bands of periods, each longer than a page
    expect(pages(await ipttPdf(table(60, 10), meta))).toBeGreaterThan(3);
  });

  it('says so when there is nothing to show, and does not fail on text the built-in font cannot draw', async () => {
    expect(pages(await ipttPdf(table(0, 0), meta))).toBe(1);
    const b = await ipttPdf(table(1, 1, 'نسبة الفتيات 女孩 😀'), { ...meta, title: 'مشكلة' });
    expect(b.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
