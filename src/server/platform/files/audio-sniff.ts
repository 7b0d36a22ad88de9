/**
 * An audio recording's type read from its first bytes (never from its name or the browser's
 * claim): what phones and browsers record. MP3 (an ID3 tag or an MPEG audio frame), M4A (an MP4
 * `ftyp` box with an audio or general brand: iPhone voice memos), Ogg (Opus, Vorbis), WAV
 * (RIFF/WAVE) and WebM (the Matroska header: what Chrome's recorder makes). Null for anything else.
 */
export type AudioType = 'audio/mpeg' | 'audio/mp4' | 'audio/ogg' | 'audio/wav' | 'audio/webm';

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'isom', 'iso2', '3gp4', '3gp5', '3gp6']);

export function sniffAudio(head: Buffer): AudioType | null {
  const text = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (text(0, 3) === 'ID3') return 'audio/mpeg';
  // an MPEG audio frame: 11 sync bits, a version and layer that exist (layer bits not 00)
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0)
    return 'audio/mpeg';
  if (text(4, 8) === 'ftyp' && M4A_BRANDS.has(text(8, 12))) return 'audio/mp4';
  if (text(0, 4) === 'OggS') return 'audio/ogg';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'audio/wav';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  return null;
}
