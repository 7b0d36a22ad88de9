import {
  convertValue,
  IMPORT_TYPES,
  inferType,
  failuresOf,
  rawText,
} from '../../../shared/datasets/convert.js';
import type { RawValue } from '../../../shared/datasets/convert.js';
import type { PreviewColumn } from '../../../shared/datasets/datasets.pages.js';
import { columnNames, fileRows, looksLikeHeader, type ReadSpec } from './sources.readers.js';
import type { Encoding } from './sources.files.js';
import type { SourceFileRow } from './sources.queries.js';

/** Data rows the preview reads to infer types and count failures */
const SAMPLE_ROWS = 1000;
const SHOWN_ROWS = 20;

export function specOf(file: SourceFileRow, sheet?: string | null): ReadSpec {
  return file.format === 'xlsx'
    ? { format: 'xlsx', sheet: sheet ?? file.sheet ?? '' }
    : {
        format: 'text',
        encoding: (file.encoding ?? 'utf-8') as Encoding,
        delimiter: file.delimiter ?? ',',
      };
}

export interface Analysis {
  header: boolean;
  names: string[];
  data: RawValue[][];
}

/** The first rows of the file: whether the first is a header, the column names, a sample */
export async function analyze(path: string, spec: ReadSpec): Promise<Analysis> {
  const rows: RawValue[][] = [];
  for await (const r of fileRows(path, spec)) {
    rows.push(r);
    if (rows.length > SAMPLE_ROWS) break;
  }
  const header = rows.length > 0 && looksLikeHeader(rows[0]);
  const data = header ? rows.slice(1) : rows;
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  return { header, names: columnNames(header ? rows[0] : null, width), data };
}

const shown = (v: RawValue) =>
  v instanceof Date && v.getUTCHours() === 0 && v.getUTCMinutes() === 0 && v.getUTCSeconds() === 0
    ? (convertValue('date', v) as { value: string }).value
    : rawText(v);

/** The preview's columns (inferred type, failures per type) and first rows as text */
export function previewOf(a: Analysis, kept: Map<string, { key: string; type: string }>) {
  const columns: PreviewColumn[] = a.names.map((source, index) => {
    const values = a.data.map((r) => r[index] ?? null);
    const failures: Record<string, number> = {};
    for (const t of IMPORT_TYPES) failures[t] = failuresOf(t, values);
    const k = kept.get(source);
    return {
      index,
      source,
      label: source,
      type: inferType(values),
      failures,
      keptKey: k?.key ?? null,
    };
  });
  const rows = a.data.slice(0, SHOWN_ROWS).map((r) => a.names.map((_, i) => shown(r[i] ?? null)));
  return { columns, rows, sampled: a.data.length };
}
