import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeLoose } from './junk.js';

/** The plain definition, one code unit at a time (what encodeLoose must equal). */
function reference(s: string) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s[i] + s[i + 1]);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += '%ED%A0%80';
    else out += encodeURIComponent(s[i]);
  }
  return out;
}

describe('encodeLoose', () => {
  it('encodes pairs as UTF-8 and a lone surrogate as invalid bytes', () => {
    expect(encodeLoose('a b&😀')).toBe('a%20b%26%F0%9F%98%80');
    expect(encodeLoose('x\ud800y')).toBe('x%ED%A0%80y');
    expect(encodeLoose('\udc00\ud83d')).toBe('%ED%A0%80%ED%A0%80');
  });

  it('equals the code-unit-by-code-unit definition on any UTF-16 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(encodeLoose(s)).toBe(reference(s));
      }),
      { numRuns: 500 },
    );
  });
});
