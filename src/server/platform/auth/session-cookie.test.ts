import { describe, expect, it } from 'vitest';
import { makeSignature } from 'better-auth/crypto';
import { sessionNeedsRefresh, unsignAuthCookie } from './session-cookie.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('unsignAuthCookie', () => {
  it('accepts a value Better Auth signed and returns the value', async () => {
    for (const value of ['abc', 'tok3n.with.dots', 'x'.repeat(32)]) {
      const cookie = `${value}.${await makeSignature(value, SECRET)}`;
      expect(unsignAuthCookie(cookie, SECRET)).toBe(value);
    }
  });

  it('refuses a tampered value, a tampered signature, another secret and malformed cookies', async () => {
    const value = 'SessionTokenABCDEFGHIJKLMNOPQRSTU';
    const signature = await makeSignature(value, SECRET);
    expect(unsignAuthCookie(`${value}x.${signature}`, SECRET)).toBeNull();
    expect(unsignAuthCookie(`${value.slice(0, -1)}V.${signature}`, SECRET)).toBeNull();
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(unsignAuthCookie(`${value}.${flipped}`, SECRET)).toBeNull();
    expect(unsignAuthCookie(`${value}.${signature}`, `${SECRET}-other`)).toBeNull();
    expect(
      unsignAuthCookie(`${value}.${await makeSignature(value, `${SECRET}-other`)}`, SECRET),
    ).toBeNull();
    expect(unsignAuthCookie(value, SECRET)).toBeNull();
    expect(unsignAuthCookie(`.${signature}`, SECRET)).toBeNull();
    expect(unsignAuthCookie(`${value}.`, SECRET)).toBeNull();
    expect(unsignAuthCookie(`${value}.${signature.slice(0, -1)}`, SECRET)).toBeNull();
    expect(unsignAuthCookie(undefined, SECRET)).toBeNull();
    expect(unsignAuthCookie('', SECRET)).toBeNull();
  });

  it('refuses a signature in another alphabet or with multi-byte characters of the same length', async () => {
    // find a value whose signature contains '+' or '/', then spell it base64url
    let value = '';
    let signature = '';
    for (let i = 0; !/[+/]/.test(signature); i++) {
      value = `token-${i}`;
      signature = await makeSignature(value, SECRET);
    }
    expect(unsignAuthCookie(`${value}.${signature}`, SECRET)).toBe(value);
    expect(
      unsignAuthCookie(`${value}.${signature.replace(/\+/g, '-').replace(/\//g, '_')}`, SECRET),
    ).toBeNull();
    expect(unsignAuthCookie(`${value}.${'\u0141'}${signature.slice(1)}`, SECRET)).toBeNull();
  });
});

describe('sessionNeedsRefresh', () => {
  const s = { expiresIn: 14 * 86400, updateAge: 86400, refreshDisabled: false };
  const now = Date.UTC(2026, 0, 15);
  it('is due once updateAge has passed since the session was last extended', () => {
    const freshlyExtended = new Date(now + s.expiresIn * 1000);
    expect(sessionNeedsRefresh(freshlyExtended, s, now)).toBe(false);
    expect(
      sessionNeedsRefresh(new Date(now + (s.expiresIn - s.updateAge) * 1000 + 1000), s, now),
    ).toBe(false);
    expect(sessionNeedsRefresh(new Date(now + (s.expiresIn - s.updateAge) * 1000), s, now)).toBe(
      true,
    );
    expect(sessionNeedsRefresh(new Date(now + 60_000), s, now)).toBe(true);
  });
  it('never when refresh is disabled', () => {
    expect(sessionNeedsRefresh(new Date(now + 60_000), { ...s, refreshDisabled: true }, now)).toBe(
      false,
    );
  });
});
