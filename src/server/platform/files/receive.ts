import { open } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors.js';
import { FileTooLarge, removeStored, saveUpload } from './uploads.js';

export interface ReceiveOptions {
  /** the largest file accepted, in bytes (the stream is cut beyond) */
  maxBytes: number;
  /** the error's field (the form field the message lands on) */
  field: string;
  /** what to choose, said when no file came or it could not be read */
  choose: string;
  /** said when the file is over `maxBytes` */
  tooLarge: string;
  /** said when the upload broke off or could not be parsed (default: English, then `choose`) */
  unreadable?: string;
  /** said when the file has no bytes (default: English) */
  empty?: string;
}

/**
 * The multipart `file` part streamed to `to` (at most `maxBytes`); its size, and the name and
 * type the browser gave (a claim: sniff the bytes). Other parts are drained. Nothing stays on disk when it fails (a 422 on `field`).
 */
export async function receiveFile(request: FastifyRequest, to: string, o: ReceiveOptions) {
  const refuse = (message: string) => new ValidationError({ [o.field]: message });
  if (!request.isMultipart()) throw refuse(o.choose);
  let size: number | null = null;
  let filename = '';
  let mimetype = '';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || size !== null) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      filename = part.filename;
      mimetype = part.mimetype;
      size = await saveUpload(part.file, to, o.maxBytes);
      if (part.file.truncated) throw new FileTooLarge();
    }
  } catch (err) {
    await removeStored(to);
    if (err instanceof FileTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refuse(o.tooLarge);
    throw refuse(o.unreadable ?? `The upload could not be read. ${o.choose}`);
  }
  if (!size) {
    await removeStored(to);
    throw refuse(size === 0 ? (o.empty ?? 'The file is empty.') : o.choose);
  }
  return { size, filename, mimetype };
}

/** The first bytes of a stored file (64 KB is plenty for every header we sniff). */
export async function headOf(p: string, n = 64 * 1024) {
  const fh = await open(p, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A PDF starts with `%PDF-` (within its first KB, as readers allow). */
export const isPdf = (head: Buffer) => head.subarray(0, 1024).includes('%PDF-');
