import type { Db } from '../../platform/db/client.js';
import { csvLine } from '../../platform/exports/csv.js';
import { xlsxStream } from '../../platform/exports/xlsx.js';
import {
  DATASET_WAVE,
  type GridCellValue,
  type GridCitation,
} from '../../../shared/grids/grids.js';
import { headerKey, type GridHeader } from '../../../shared/grids/grids.pages.js';
import { cellsPage, type GridRow, type GridRunRow } from './grids.queries.js';
import { headersOf, rowsOf } from './grids.props.js';

/**
 * A grid's last finished run as a table: the row, each displayed column (a prompt column with its
 * citations beside it), then the summary row. CSV (UTF-8 BOM) or XLSX, through the team export's
 * writers, which escape formula-like text.
 */
function cellText(value: GridCellValue | undefined, wave: string | null): string | number | null {
  if (!value) return null;
  if (value.kind === 'prompt') return value.text;
  // a dataset's grid shows its only wave as none
  const v = value.byWave[wave ?? DATASET_WAVE];
  if (v === undefined || v === null) return null;
  return Array.isArray(v) ? v.join('; ') : v;
}

const citationText = (cs: GridCitation[]) =>
  cs
    .map(
      (c, i) =>
        `[${i + 1}] ${c.row === undefined ? (c.wave ?? '') : `row ${c.row}`} ${c.question}: ${c.quote}`,
    )
    .join(' | ');

const title = (h: GridHeader) => (h.wave === null ? h.title : `${h.title} · ${h.wave}`);

/** rows of the run read per page while writing the file */
const EXPORT_PAGE = 500;

/**
 * The table a page of lines at a time (head, the rows by keyset on their position, the summary
 * last), so the file is written as the cells are read, never held whole. `pageSize` is for tests.
 */
export async function* gridTable(
  db: Db,
  grid: GridRow,
  run: GridRunRow,
  waves: string[],
  pageSize = EXPORT_PAGE,
) {
  const headers = headersOf(grid.columns, waves);
  const head: unknown[] = ['row'];
  for (const h of headers) {
    head.push(title(h));
    if (h.kind === 'prompt') head.push(`${h.title} · citations`);
  }
  yield [head];
  for (let page = 1; (page - 1) * pageSize < run.total; page++) {
    const { cells } = await cellsPage(
      db,
      run.id,
      { page, perPage: pageSize, search: '' },
      run.total,
    );
    const lines: unknown[][] = [];
    for (const row of rowsOf(cells)) {
      const line: unknown[] = [row.label];
      for (const h of headers) {
        const cell = row.cells[h.column];
        line.push(cellText(cell?.value, h.wave));
        if (h.kind === 'prompt') line.push(citationText(cell?.citations ?? []));
      }
      lines.push(line);
    }
    yield lines;
  }
  const summary: unknown[] = ['Summary'];
  for (const h of headers) {
    summary.push((run.summary?.[headerKey(h)] ?? []).join(' | '));
    if (h.kind === 'prompt') summary.push(null);
  }
  yield [summary];
}

export async function* gridFile(pages: AsyncGenerator<unknown[][]>, format: 'csv' | 'xlsx') {
  if (format === 'csv') {
    yield Buffer.from('\uFEFF', 'utf8');
    for await (const lines of pages) for (const r of lines) yield Buffer.from(csvLine(r), 'utf8');
    return;
  }
  yield* xlsxStream([{ name: 'grid', pages: () => pages }]);
}
