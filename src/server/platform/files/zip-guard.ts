import { inflateRawSync } from 'node:zlib';
import { directoryRecords, findEocd, LOC_SIG, readEocd } from './zip-directory.js';

/**
 * Checks an uploaded .xlsx (a zip) BEFORE any library unpacks it: reads the central directory
 * and really inflates every entry with a hard output cap, so a zip bomb (tiny file, huge content,
 * or sizes that lie) is refused after at most `maxTotal` bytes of work. Only plain zips are
 * accepted (stored or deflated entries, no encryption, no ZIP64, no multi-disk archives).
 */
export interface ZipLimits {
  maxEntries: number;
  maxTotal: number;
}

/**
 * worksheetRows: <row> elements over all worksheets; rangeCells: cells covered by data-validation
 * and merged-cell ranges (spreadsheet libraries expand those cell by cell when they load a file).
 */
export type ZipCheck =
  | {
      ok: true;
      entries: string[];
      totalBytes: number;
      worksheetRows: number;
      rangeCells: number;
      /** an XML part declares a DOCTYPE (entity expansion: refuse the file) */
      doctype: boolean;
      /** the sheet names of xl/workbook.xml, in order */
      sheets: string[];
    }
  | { ok: false; message: string };

export function checkZip(buf: Buffer, limits: ZipLimits): ZipCheck {
  const fail = (message: string): ZipCheck => ({ ok: false, message });
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOC_SIG)
    return fail('The file is not an Excel workbook (.xlsx).');
  const eocd = findEocd(buf);
  if (eocd < 0)
    return fail('The file is not an Excel workbook (.xlsx): it is damaged or cut short.');
  const { disk, count, cdSize, cdOffset } = readEocd(buf, eocd);
  if (disk !== 0 || count === 0xffff || cdOffset === 0xffffffff)
    return fail('The workbook uses an unsupported zip format.');
  if (count > limits.maxEntries) return fail(`The workbook has too many parts (${count}).`);
  if (cdOffset + cdSize > eocd)
    return fail('The file is not an Excel workbook (.xlsx): it is damaged.');

  let total = 0;
  let rows = 0;
  let rangeCells = 0;
  let doctype = false;
  let sheets: string[] = [];
  const entries: string[] = [];
  for (const record of directoryRecords(buf, cdOffset, eocd, count)) {
    if (!record) return fail('The file is not an Excel workbook (.xlsx): it is damaged.');
    const { flags, method, compressed, declared, local, name } = record;
    if (flags & 0x1)
      return fail(
        'The workbook is password protected or encrypted. Save it without a password and try again.',
      );
    if (compressed === 0xffffffff || declared === 0xffffffff)
      return fail('The workbook uses an unsupported zip format.');
    if (declared > limits.maxTotal - total)
      return fail(
        `The workbook unpacks to more than ${Math.round(limits.maxTotal / 1024 / 1024)} MB.`,
      );
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOC_SIG)
      return fail('The file is not an Excel workbook (.xlsx): it is damaged.');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length)
      return fail('The file is not an Excel workbook (.xlsx): it is cut short.');
    const data = buf.subarray(start, start + compressed);
    let size: number;
    let content: Buffer | null = null;
    if (method === 0) {
      size = data.length;
      content = data;
    } else if (method === 8) {
      const budget = limits.maxTotal - total;
      try {
        // one byte more than the budget tells "too big" from "exactly at the limit"
        content = inflateRawSync(data, { maxOutputLength: budget + 1 });
        size = content.length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          return fail(
            `The workbook unpacks to more than ${Math.round(limits.maxTotal / 1024 / 1024)} MB.`,
          );
        return fail('The file is not an Excel workbook (.xlsx): a part of it is damaged.');
      }
      if (size > budget)
        return fail(
          `The workbook unpacks to more than ${Math.round(limits.maxTotal / 1024 / 1024)} MB.`,
        );
    } else return fail('The workbook uses an unsupported compression method.');
    if (size !== declared)
      return fail('The file is not an Excel workbook (.xlsx): its sizes do not match its content.');
    total += size;
    entries.push(name);
    if (
      content &&
      /\.(xml|rels|vml)$/i.test(name) &&
      /<!(DOCTYPE|ENTITY)/i.test(content.toString('latin1'))
    )
      doctype = true;
    if (content && /^\/?xl\/workbook\.xml$/i.test(name))
      sheets = sheetNames(content.toString('utf8'));
    if (content && /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(name)) {
      const xml = content.toString('latin1');
      rows += countRows(xml);
      rangeCells += countRangeCells(xml);
    }
  }
  return { ok: true, entries, totalBytes: total, worksheetRows: rows, rangeCells, doctype, sheets };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** `<sheet name="Data" .../>` elements of xl/workbook.xml, names unescaped */
function sheetNames(xml: string): string[] {
  const out: string[] = [];
  const re = /<(?:[A-Za-z0-9_]+:)?sheet\s[^>]*?\bname\s*=\s*"([^"]*)"/g;
  for (let m = re.exec(xml); m; m = re.exec(xml))
    out.push(m[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]));
  return out;
}

/** `<row ` / `<x:row>` elements of a worksheet part (cheap, before any XML parser sees it). */
function countRows(xml: string): number {
  let n = 0;
  const re = /<(?:[A-Za-z0-9_]+:)?row[\s>/]/g;
  while (re.exec(xml)) n++;
  return n;
}

const colNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
/** Cells covered by sqref="A1:B9 D4" (data validations, conditional formats) and <mergeCell ref="A1:C3">. */
function countRangeCells(xml: string): number {
  let total = 0;
  const attr = /(?:\bsqref|<(?:[A-Za-z0-9_]+:)?mergeCell\s+ref)\s*=\s*"([^"]*)"/g;
  for (let m = attr.exec(xml); m; m = attr.exec(xml)) {
    for (const part of m[1].trim().split(/\s+/)) {
      const r = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(part);
      if (!r) continue;
      const cols = r[3] ? Math.abs(colNumber(r[3]) - colNumber(r[1])) + 1 : 1;
      const rows = r[4] ? Math.abs(Number(r[4]) - Number(r[2])) + 1 : 1;
      total += cols * rows;
    }
  }
  return total;
}
