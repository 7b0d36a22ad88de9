import { describe, expect, it } from 'vitest';
import { sniffAudio } from './audio-sniff.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffAudio', () => {
  it('reads the recordings phones and browsers make from their first bytes', () => {
    expect(sniffAudio(bytes('ID3', [4, 0, 0]))).toBe('audio/mpeg');
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
    expect(sniffAudio(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]))).toBe('audio/mp4');
    expect(sniffAudio(bytes('OggS', [0, 2]))).toBe('audio/ogg');
    expect(sniffAudio(bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudio(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('audio/webm');
  });

  it('refuses what is not a recording, whatever its name says', () => {
    expect(sniffAudio(bytes([0x89], 'PNG\r\n'))).toBeNull();
    expect(sniffAudio(bytes('%PDF-1.4'))).toBeNull();
    expect(sniffAudio(bytes('RIFF', [36, 0, 0, 0], 'AVI '))).toBeNull();
    // an MP4 video brand is not a voice recording
    expect(sniffAudio(bytes([0, 0, 0, 0x20], 'ftypqt  '))).toBeNull();
    // sync bits with the reserved layer (00) are not an MPEG audio frame
    expect(sniffAudio(bytes([0xff, 0xe0]))).toBeNull();
    expect(sniffAudio(Buffer.alloc(0))).toBeNull();
  });
});
