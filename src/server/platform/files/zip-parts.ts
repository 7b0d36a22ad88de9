import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/**
 * Some named parts of a zip file on disk (an .xlsx already checked by zip-guard at upload),
 * found through its central directory and read by position: the rest of the file is not read.
 * A part that is missing, or stored in a way zip-guard refuses, is absent from the map; a part
 * larger than `maxBytes` unpacked is refused the same way.
 */
export async function readZipParts(
  p: string,
  names: string[],
  maxBytes = 16 * 1024 * 1024,
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const fh = await open(p, 'r');
  try {
    const { size } = await fh.stat();
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      if (buf.length) await fh.read(buf, 0, buf.length, position);
      return buf;
    };
    // the end record: 22 bytes plus a comment of at most 65535 bytes
    const tailStart = Math.max(0, size - 22 - 0xffff);
    const tail = await read(tailStart, size - tailStart);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    if (eocd < 0) return out;
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    const cd = await read(cdOffset, cdSize);
    const wanted = new Set(names);
    let q = 0;
    for (let n = 0; n < count && q + 46 <= cd.length; n++) {
      if (cd.readUInt32LE(q) !== CEN_SIG) break;
      const flags = cd.readUInt16LE(q + 8);
      const method = cd.readUInt16LE(q + 10);
      const compressed = cd.readUInt32LE(q + 20);
      const declared = cd.readUInt32LE(q + 24);
      const nameLen = cd.readUInt16LE(q + 28);
      const extraLen = cd.readUInt16LE(q + 30);
      const commentLen = cd.readUInt16LE(q + 32);
      const local = cd.readUInt32LE(q + 42);
      const name = cd.toString('utf8', q + 46, q + 46 + nameLen).replace(/^\//, '');
      q += 46 + nameLen + extraLen + commentLen;
      if (!wanted.has(name) || flags & 0x1 || declared > maxBytes) continue;
      const header = await read(local, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOC_SIG) continue;
      const start = local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const data = await read(start, compressed);
      if (data.length !== compressed) continue;
      if (method === 0) out.set(name, data);
      else if (method === 8)
        try {
          out.set(name, inflateRawSync(data, { maxOutputLength: maxBytes }));
        } catch {
          // damaged or larger than declared: left out
        }
    }
    return out;
  } finally {
    await fh.close();
  }
}
