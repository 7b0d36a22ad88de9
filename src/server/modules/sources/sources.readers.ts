import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { convertValue, type RawValue } from '../../../shared/datasets/convert.js';
import { decodedStream, type Encoding } from './sources.files.js';

export type ReadSpec =
  { format: 'text'; encoding: Encoding; delimiter: string } | { format: 'xlsx'; sheet: string };

export const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter of a text sample: the candidate papaparse finds most consistent */
export function detectDelimiter(sample: string): string {
  const r = Papa.parse<string[]>(sample, {
    delimitersToGuess: DELIMITERS,
    preview: 50,
    skipEmptyLines: true,
  });
  return DELIMITERS.includes(r.meta.delimiter) ? r.meta.delimiter : ',';
}

/** The first characters of a text file, decoded */
export async function textSample(
  p: string,
  encoding: Encoding,
  chars = 64 * 1024,
): Promise<string> {
  let out = '';
  const s = decodedStream(p, encoding);
  for await (const chunk of s) {
    out += chunk as string;
    if (out.length >= chars) break;
  }
  s.destroy();
  // a sample cut inside a line: drop the partial last line
  const cut = out.length >= chars ? out.lastIndexOf('\n') : -1;
  return cut > 0 ? out.slice(0, cut) : out;
}

/** A spreadsheet cell as a value: formulas read as their cached result, rich text as its text */
export function cellValue(v: unknown): RawValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('result' in o || 'formula' in o || 'sharedFormula' in o) return cellValue(o.result);
    if (Array.isArray(o.richText))
      return (o.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('');
    if ('text' in o) return cellValue(o.text);
    if ('error' in o) return String(o.error);
  }
  return String(v);
}

/** Every row of the file in order (cells as values); `onBytes` counts the file bytes read */
export async function* fileRows(
  p: string,
  spec: ReadSpec,
  onBytes?: (n: number) => void,
): AsyncGenerator<RawValue[]> {
  if (spec.format === 'text') {
    const text = decodedStream(p, spec.encoding, onBytes);
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
      delimiter: spec.delimiter,
      skipEmptyLines: true,
    }) as unknown as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
    text.pipe(parser);
    try {
      for await (const row of parser) yield row;
    } finally {
      text.destroy();
    }
    return;
  }
  const input = createReadStream(p);
  if (onBytes) input.on('data', (c) => onBytes((c as Buffer).length));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // 'cache': with 'ignore' dates arrive as serial numbers (ARCHITECTURE.md traps)
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const ws of reader) {
      const sheet = ws as unknown as AsyncIterable<{ values: unknown[] }> & { name: string };
      if (sheet.name !== spec.sheet) {
        for await (const row of sheet) void row; // the zip streams in order: read past other sheets
        continue;
      }
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const out: RawValue[] = [];
        for (let i = 0; i < values.length; i++) out.push(cellValue(values[i]));
        yield out;
      }
      return;
    }
  } finally {
    input.destroy();
  }
}

const asText = (v: RawValue) => (v instanceof Date ? v.toISOString() : String(v ?? '')).trim();

/**
 * Whether the first row names the columns: it has a non-empty cell and every non-empty cell is
 * text that reads as no number, date or yes/no.
 */
export function looksLikeHeader(first: RawValue[]): boolean {
  const present = first.filter((v) => asText(v) !== '');
  if (!present.length) return false;
  return present.every(
    (v) =>
      typeof v === 'string' &&
      !convertValue('decimal', v).ok &&
      !convertValue('date', v).ok &&
      !convertValue('datetime', v).ok,
  );
}

/** Column names: the header's text, "Column N" for blank cells, " (2)" for repeats */
export function columnNames(header: RawValue[] | null, width: number): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (let i = 0; i < width; i++) {
    let name = header
      ? asText(header[i] ?? null)
          .replace(/\s+/g, ' ')
          .slice(0, 120)
      : '';
    if (!name) name = `Column ${i + 1}`;
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    out.push(n > 1 ? `${name} (${n})` : name);
  }
  return out;
}
