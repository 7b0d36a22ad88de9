import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { directoryRecords, findEocd, LOC_SIG, readEocd } from './zip-directory.js';

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
    const eocd = findEocd(tail);
    if (eocd < 0) return out;
    const { count, cdSize, cdOffset } = readEocd(tail, eocd);
    const cd = await read(cdOffset, cdSize);
    const wanted = new Set(names);
    for (const record of directoryRecords(cd, 0, cd.length, count)) {
      if (!record) break;
      const { flags, method, compressed, declared, local } = record;
      const name = record.name.replace(/^\//, '');
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
