import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { convertValue, type RawValue } from '../../../shared/datasets/convert.js';
import { decodedStream, type Encoding } from './sources.files.js';
import { primeWorkbookReader, workbookReaderParts } from './xlsx-reader-parts.js';

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

/** Rows per batch handed to the import (a batch is read before the next one is asked for) */
const BATCH_ROWS = 2000;

interface LowLevelParser {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
}
const PapaParser = (Papa as unknown as { Parser: new (config: object) => LowLevelParser }).Parser;

/**
 * A text file's rows in batches, parsed by papaparse's own parser chunk by chunk as the decoded
 * text streams in (the rows of a chunk at once: papaparse's Node stream hands them over one by one,
 * an order of magnitude slower). A row cut by the end of a chunk (a quoted newline too) is kept
 * for the next chunk, as papaparse's streamers do; empty lines are skipped (`skipEmptyLines: true`).
 */
async function* textBatches(
  p: string,
  spec: { encoding: Encoding; delimiter: string },
  onBytes?: (n: number) => void,
): AsyncGenerator<string[][]> {
  const text = decodedStream(p, spec.encoding, onBytes);
  let parser: LowLevelParser | null = null;
  let rest = '';
  const rowsOf = (input: string, last: boolean) => {
    if (!parser) {
      // the line break papaparse would guess from the first chunk
      const newline = Papa.parse(input.slice(0, 1024 * 1024), {
        delimiter: spec.delimiter,
        preview: 1,
      }).meta.linebreak;
      parser = new PapaParser({ delimiter: spec.delimiter, newline });
    }
    const r = parser.parse(input, 0, !last);
    rest = last ? '' : input.slice(r.meta.cursor);
    const out: string[][] = [];
    for (const row of r.data) if (row.length !== 1 || row[0] !== '') out.push(row);
    return out;
  };
  try {
    let first = true;
    for await (const chunk of text) {
      let s = rest + (chunk as string);
      if (first && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      first = false;
      const rows = rowsOf(s, false);
      if (rows.length) yield rows;
    }
    if (rest) {
      const rows = rowsOf(rest, true);
      if (rows.length) yield rows;
    }
  } finally {
    text.destroy();
  }
}

/**
 * Every row of the file in order (cells as values), a batch at a time; `onBytes` counts the file
 * bytes read.
 */
export async function* fileBatches(
  p: string,
  spec: ReadSpec,
  onBytes?: (n: number) => void,
): AsyncGenerator<RawValue[][]> {
  if (spec.format === 'text') {
    yield* textBatches(p, spec, onBytes);
    return;
  }
  // before the stream opens: its `data` listener starts it flowing, and an await here lost bytes
  const parts = await workbookReaderParts(p);
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
  primeWorkbookReader(reader, parts);
  try {
    for await (const ws of reader) {
      const sheet = ws as unknown as AsyncIterable<{ values: unknown[] }> & { name: string };
      if (sheet.name !== spec.sheet) {
        for await (const row of sheet) void row; // the zip streams in order: read past other sheets
        continue;
      }
      let batch: RawValue[][] = [];
      for await (const row of sheet) {
        const values = row.values;
        const out: RawValue[] = [];
        // exceljs's values start at index 1 (the column number); a plain value needs no cellValue
        if (Array.isArray(values))
          for (let i = 1; i < values.length; i++) {
            const v: unknown = values[i];
            out.push(
              typeof v === 'string' || typeof v === 'number' || v instanceof Date
                ? v
                : cellValue(v),
            );
          }
        batch.push(out);
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
      return;
    }
  } finally {
    input.destroy();
  }
}

/** Every row of the file in order (cells as values); `onBytes` counts the file bytes read */
export async function* fileRows(
  p: string,
  spec: ReadSpec,
  onBytes?: (n: number) => void,
): AsyncGenerator<RawValue[]> {
  for await (const batch of fileBatches(p, spec, onBytes)) yield* batch;
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
