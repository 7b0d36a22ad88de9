/** The records of a zip's central directory, shared by zip-guard (a whole upload) and zip-parts (a file on disk). */

export const LOC_SIG = 0x04034b50;
const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;

/** The end record's offset in `buf` (it ends a zip: 22 bytes plus a comment of at most 65535), or -1. */
export function findEocd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  return -1;
}

/** What the end record at `at` says of the central directory. */
export function readEocd(buf: Buffer, at: number) {
  return {
    disk: buf.readUInt16LE(at + 4),
    count: buf.readUInt16LE(at + 10),
    cdSize: buf.readUInt32LE(at + 12),
    cdOffset: buf.readUInt32LE(at + 16),
  };
}

export interface DirectoryRecord {
  name: string;
  flags: number;
  method: number;
  compressed: number;
  declared: number;
  /** the offset of the entry's local header */
  local: number;
}

/**
 * The `count` records of a central directory read from `buf` between `start` and `end`; `null`
 * (and no more) where a record is damaged or cut short.
 */
export function* directoryRecords(
  buf: Buffer,
  start: number,
  end: number,
  count: number,
): Generator<DirectoryRecord | null> {
  let p = start;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== CEN_SIG) {
      yield null;
      return;
    }
    const nameLen = buf.readUInt16LE(p + 28);
    yield {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      declared: buf.readUInt32LE(p + 24),
      local: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
}
