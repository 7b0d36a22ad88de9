import { formatNumber } from '../../../shared/format/number.js';

/**
 * The real type and size of an uploaded image, read from its bytes (never its name or the
 * Content-Type the browser sent): PNG, JPEG, WebP or GIF, and its width and height from the
 * header, so a decompression bomb (a small file that would unpack to a huge bitmap) is refused
 * before anything decodes it. SVG (a script-carrying document) and everything else are refused.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export const IMAGE_LIMITS = {
  /** the largest file accepted */
  bytes: 5 * 1024 * 1024,
  /** the longest side, in pixels */
  side: 10_000,
  /** width × height at most (40 megapixels: a 160 MB bitmap) */
  pixels: 40_000_000,
};

/** Why a file is refused (a caller speaking another language says it in its own words). */
type SniffRefusal =
  | { reason: 'empty' | 'markup' | 'not-image' | 'unreadable' }
  | { reason: 'too-large'; width: number; height: number };

export type SniffedImage =
  | { ok: true; type: ImageType; width: number; height: number }
  | ({ ok: false; message: string } & SniffRefusal);

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const NOT_AN_IMAGE = 'The file is not a PNG, JPEG, WebP or GIF image.';
const UNREADABLE = 'The image’s header could not be read: the file may be damaged.';

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);

function pngSize(b: Buffer) {
  // signature, then the IHDR chunk first: length(4) "IHDR" width(4) height(4)
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifSize(b: Buffer) {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpegSize(b: Buffer) {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // markers without a length
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return null;
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      if (i + 9 > b.length) return null;
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Buffer) {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Looks like SVG or other markup (after a BOM and white space). */
function isMarkup(b: Buffer) {
  const text = b
    .toString('utf8', 0, Math.min(b.length, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}

/** Sniff the first bytes of a file (64 KB is plenty for every header we read). */
export function sniffImage(head: Buffer): SniffedImage {
  if (!head.length) return { ok: false, reason: 'empty', message: 'The file is empty.' };
  let type: ImageType;
  let size: { width: number; height: number } | null;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    type = 'image/png';
    size = pngSize(head);
  } else if (startsWith(head, [0xff, 0xd8, 0xff])) {
    type = 'image/jpeg';
    size = jpegSize(head);
  } else if (
    head.toString('latin1', 0, 6) === 'GIF87a' ||
    head.toString('latin1', 0, 6) === 'GIF89a'
  ) {
    type = 'image/gif';
    size = gifSize(head);
  } else if (
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  ) {
    type = 'image/webp';
    size = webpSize(head);
  } else if (isMarkup(head)) {
    return {
      ok: false,
      reason: 'markup',
      message: 'SVG and other markup files are not accepted: upload a PNG, JPEG, WebP or GIF.',
    };
  } else return { ok: false, reason: 'not-image', message: NOT_AN_IMAGE };
  if (!size) return { ok: false, reason: 'unreadable', message: UNREADABLE };
  const { width, height } = size;
  if (width < 1 || height < 1) return { ok: false, reason: 'unreadable', message: UNREADABLE };
  if (
    width > IMAGE_LIMITS.side ||
    height > IMAGE_LIMITS.side ||
    width * height > IMAGE_LIMITS.pixels
  )
    return {
      ok: false,
      reason: 'too-large',
      width,
      height,
      message: `The image is too large (${formatNumber(width, 0)} × ${formatNumber(height, 0)} pixels): at most ${formatNumber(IMAGE_LIMITS.side, 0)} pixels a side and 40 megapixels.`,
    };
  return { ok: true, type, width, height };
}
