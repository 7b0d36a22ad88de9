import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** The app key as a key object, made once (an HMAC from a string key imports it every time). */
const keys = new Map<string, KeyObject>();
const keyObject = (key: string) => {
  let k = keys.get(key);
  if (!k) {
    if (keys.size >= 16) keys.clear();
    keys.set(key, (k = createSecretKey(Buffer.from(key))));
  }
  return k;
};

/** HMAC-signed values for our own small cookies (flash, CSRF). */
export function sign(value: string, key: string) {
  return `${value}.${createHmac('sha256', keyObject(key)).update(value).digest('base64url')}`;
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
