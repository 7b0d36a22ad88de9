import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('one key');

  it('seals and opens, never keeping the plain text', () => {
    const sealed = box.seal('s3cret-pässword', 'row-1');
    expect(sealed).not.toContain('s3cret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'row-1')).toBe('s3cret-pässword');
    expect(box.seal('same', 'row-1')).not.toBe(box.seal('same', 'row-1'));
  });

  it('refuses another key, another row and an altered text', () => {
    const sealed = box.seal('pw', 'row-1');
    expect(() => new SecretBox('another key').open(sealed, 'row-1')).toThrow();
    expect(() => box.open(sealed, 'row-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xx').toString('base64url');
    expect(() => box.open(parts.join('.'), 'row-1')).toThrow();
    expect(() => box.open('garbage', 'row-1')).toThrow();
  });
});
