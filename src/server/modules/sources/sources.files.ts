import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { checkZip } from '../../platform/files/zip-guard.js';
import {
  FileTooLarge,
  removeStored,
  saveUpload,
  uploadPath,
} from '../../platform/files/uploads.js';

/** The documented upload limits (docs/datasets.md, README) */
export const UPLOAD_LIMITS = {
  /** the largest file accepted */
  fileBytes: 100 * 1024 * 1024,
  /** an XLSX: parts, bytes once unpacked, and unpacked/packed ratio */
  zipEntries: 2000,
  zipTotal: 1024 * 1024 * 1024,
  zipRatio: 150,
};

/** `<dataDir>/uploads/<team>/<file id>`: the team in the path, the name never from user text */
export function storedPath(dataDir: string, teamId: string, fileId: string): string {
  return uploadPath(dataDir, teamId, fileId);
}

export { FileTooLarge, removeStored, saveUpload };

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type Sniffed =
  | { ok: true; format: 'xlsx'; sheets: string[] }
  | { ok: true; format: 'text'; encoding: Encoding }
  | { ok: false; message: string };

const NOT_OURS = 'The file is not a CSV, TSV or Excel (.xlsx) file.';

async function head(p: string, n: number): Promise<Buffer> {
  const fh = await open(p, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The encoding of a text file: its BOM, else UTF-8 if the first MB decodes as UTF-8, else Windows-1252 */
export function detectEncoding(buf: Buffer): Encoding {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  try {
    // stream: true tolerates a character cut at the end of the sample
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * The real type of an uploaded file, from its bytes (never its name): an XLSX workbook (a zip,
 * checked for bombs and XML entity declarations before any parser sees it), or text. The name's
 * extension must not contradict it.
 */
export async function sniffFile(p: string, fileName: string): Promise<Sniffed> {
  const ext = path.extname(fileName).toLowerCase();
  const first = await head(p, 1024 * 1024);
  if (!first.length) return { ok: false, message: 'The file is empty.' };
  if (first.readUInt32LE(0) === 0x04034b50) {
    const { size } = await stat(p);
    const { readFile } = await import('node:fs/promises');
    const buf = await readFile(p);
    const z = checkZip(buf, {
      maxEntries: UPLOAD_LIMITS.zipEntries,
      maxTotal: UPLOAD_LIMITS.zipTotal,
    });
    if (!z.ok) return { ok: false, message: z.message };
    if (!z.entries.some((e) => /^\/?xl\/workbook\.xml$/i.test(e)))
      return { ok: false, message: NOT_OURS };
    if (z.totalBytes > size * UPLOAD_LIMITS.zipRatio)
      return { ok: false, message: 'The workbook unpacks to too much for its size (a zip bomb?).' };
    if (z.doctype)
      return {
        ok: false,
        message: 'The workbook declares XML entities (DOCTYPE), which are refused.',
      };
    if (!z.sheets.length) return { ok: false, message: 'The workbook has no sheets.' };
    return { ok: true, format: 'xlsx', sheets: z.sheets };
  }
  if (ext === '.xlsx' || ext === '.xls')
    return {
      ok: false,
      message: 'The file is named as an Excel workbook but is not an .xlsx file.',
    };
  const encoding = detectEncoding(first);
  if (encoding === 'utf-8' || encoding === 'windows-1252') {
    // binary files (images, PDFs, old .xls, archives) carry NUL and other control bytes
    let control = 0;
    for (const b of first) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
    if (control > 0) return { ok: false, message: NOT_OURS };
  }
  return { ok: true, format: 'text', encoding };
}

/** The file's text, decoded as it streams (a BOM is dropped); `read` counts the bytes consumed */
export function decodedStream(p: string, encoding: Encoding, onBytes?: (n: number) => void) {
  const decoder = new TextDecoder(encoding);
  const decode = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes?.(chunk.length);
      cb(null, decoder.decode(chunk, { stream: true }));
    },
    flush(cb) {
      cb(null, decoder.decode());
    },
  });
  return createReadStream(p).pipe(decode);
}
