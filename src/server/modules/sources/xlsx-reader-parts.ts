import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { readZipParts } from '../../platform/files/zip-parts.js';

interface Xform {
  parseStream(stream: Readable): Promise<unknown>;
  model?: unknown;
  map: Record<string, unknown>;
}
// exceljs's own parsers of the two parts, the ones its reader runs when it meets them
const require = createRequire(import.meta.url);
const WorkbookXform = require('exceljs/lib/xlsx/xform/book/workbook-xform.js') as new () => Xform;
const RelationshipsXform =
  require('exceljs/lib/xlsx/xform/core/relationships-xform.js') as new () => Xform;

const WORKBOOK = 'xl/workbook.xml';
const RELS = 'xl/_rels/workbook.xml.rels';

/** The fields of exceljs's WorkbookReader that its `_parseRels` and `_parseWorkbook` set. */
export interface WorkbookReaderParts {
  workbookRels?: unknown;
  properties?: unknown;
  model?: unknown;
}

/**
 * exceljs's streaming WorkbookReader names each worksheet (and learns the 1904 date system) from
 * xl/workbook.xml as it meets it in the same streaming pass. A workbook that stores that part after
 * its worksheets (exceljs writes it last) is at times read before it arrives: "Cannot read
 * properties of undefined (reading 'sheets')" (exceljs#3064; 7 reads in 3,000 here), and the preview
 * said a good file "could not be read". The reader is given the workbook part and its
 * relationships first, read from the zip's central directory and parsed by exceljs's own parsers,
 * exactly as its `_parseWorkbook` and `_parseRels` set them; meeting them again later changes
 * nothing. Read before the file's stream is opened: a `data` listener would start it flowing.
 */
export async function workbookReaderParts(file: string): Promise<WorkbookReaderParts> {
  const parts = await readZipParts(file, [WORKBOOK, RELS]);
  const out: WorkbookReaderParts = {};
  const rels = parts.get(RELS);
  if (rels) out.workbookRels = await new RelationshipsXform().parseStream(Readable.from([rels]));
  const workbook = parts.get(WORKBOOK);
  if (workbook) {
    const x = new WorkbookXform();
    await x.parseStream(Readable.from([workbook]));
    out.properties = x.map.workbookPr;
    out.model = x.model;
  }
  return out;
}

/** What `workbookReaderParts` read, set on a new reader before it reads (synchronously: see fileBatches). */
export function primeWorkbookReader(
  reader: ExcelJS.stream.xlsx.WorkbookReader,
  parts: WorkbookReaderParts,
): void {
  Object.assign(reader, parts);
}
