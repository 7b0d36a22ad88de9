import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed values for our own small cookies (flash, CSRF). */
export function sign(value: string, key: string) {
  return `${value}.${createHmac('sha256', key).update(value).digest('base64url')}`;
}

export function unsign(signed: string | undefined, key: string): string | undefined {
  if (!signed) return undefined;
  const i = signed.lastIndexOf('.');
  if (i < 1) return undefined;
  const value = signed.slice(0, i);
  const expected = Buffer.from(sign(value, key).slice(i + 1));
  const got = Buffer.from(signed.slice(i + 1));
  return expected.length === got.length && timingSafeEqual(expected, got) ? value : undefined;
}
