import PDFDocument from 'pdfkit';
import { formatFigure } from '../../../shared/format/number.js';
import type { IpttTable } from '../../../shared/insights/iptt.js';

const fig = (v: number | null) => (v === null ? '—' : formatFigure(v));
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v)}%`);

/**
 * The IPTT as a PDF (pdfkit, A4 landscape, built-in Helvetica): the title block, then per page of
 * at most four periods the table with the indicator, baseline and each period's target, actual and
 * % achieved, a new page whenever the rows run out of room; notes under the table.
 */
export function ipttPdf(
  table: IpttTable,
  meta: { title: string; filters: string; generatedAt: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: `IPTT: ${meta.title}`, CreationDate: meta.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Indicator performance tracking table: ${meta.title}`);
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(meta.filters);
  doc.text(`Generated ${meta.generatedAt.toISOString().slice(0, 10)}`).fillColor('#000');
  doc.moveDown();
  if (!table.rows.length) {
    doc.fontSize(11).text('No metrics in this view.');
    doc.end();
    return done;
  }
  const groups: Array<typeof table.periods> = [];
  for (let i = 0; i < Math.max(table.periods.length, 1); i += 4)
    groups.push(table.periods.slice(i, i + 4));
  const indicatorW = 190;
  const baselineW = 60;
  const statusW = 60;
  for (const periods of groups) {
    const colW = periods.length
      ? (width - indicatorW - baselineW - statusW) / (periods.length * 3)
      : 0;
    const header = () => {
      let y = doc.y;
      if (y + 40 > bottom) {
        doc.addPage();
        y = doc.y;
      }
      doc.font('Helvetica-Bold').fontSize(8);
      doc.text('Indicator', left, y, { width: indicatorW });
      doc.text('Baseline', left + indicatorW, y, { width: baselineW });
      periods.forEach((p, i) =>
        doc.text(p.label, left + indicatorW + baselineW + i * 3 * colW, y, {
          width: 3 * colW,
          align: 'center',
        }),
      );
      doc.text('Status', left + width - statusW, y, { width: statusW });
      const y2 = y + 12;
      periods.forEach((_, i) =>
        ['Target', 'Actual', '%'].forEach((h, j) =>
          doc.text(h, left + indicatorW + baselineW + (i * 3 + j) * colW, y2, {
            width: colW,
            align: 'right',
          }),
        ),
      );
      doc
        .moveTo(left, y2 + 12)
        .lineTo(left + width, y2 + 12)
        .stroke('#999');
      doc.y = y2 + 16;
      doc.font('Helvetica').fontSize(8);
    };
    header();
    for (const r of table.rows) {
      const label = `${r.indicator}${r.unit ? ` (${r.unit})` : ''}\n${r.level}: ${r.result}`;
      const h = Math.max(doc.heightOfString(label, { width: indicatorW - 6 }), 10) + 6;
      if (doc.y + h > bottom) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      doc.text(label, left, y, { width: indicatorW - 6 });
      doc.text(fig(r.baseline), left + indicatorW, y, { width: baselineW });
      periods.forEach((p, i) => {
        const c = r.cells[p.key];
        [fig(c?.target ?? null), fig(c?.actual ?? null), pct(c?.achieved ?? null)].forEach((v, j) =>
          doc.text(v, left + indicatorW + baselineW + (i * 3 + j) * colW, y, {
            width: colW,
            align: 'right',
          }),
        );
      });
      doc.text(r.status, left + width - statusW, y, { width: statusW });
      doc.y = y + h;
      doc
        .moveTo(left, doc.y - 3)
        .lineTo(left + width, doc.y - 3)
        .stroke('#ddd');
    }
    doc.moveDown();
  }
  const notes = table.rows.filter((r) => r.notes);
  if (notes.length) {
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(10).text('Notes', left);
    doc.font('Helvetica').fontSize(8);
    for (const r of notes)
      doc.text(`${r.indicator}: ${r.notes.replace(/\n/g, '; ')}`, left, undefined, { width });
  }
  doc.end();
  return done;
}
