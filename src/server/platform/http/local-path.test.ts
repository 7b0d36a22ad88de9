import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './local-path.js';

const BASE = 'http://app.example:3000';
const HOST = 'app.example:3000';

describe('sameOriginPath: only same-origin path-absolute targets', () => {
  it.each([
    ['http://app.example:3000/projects?x=1', '/projects?x=1'],
    ['http://app.example:3000/', '/'],
    ['/teams/1', '/teams/1'],
    ['https://app.example:3000/a', '/a'], // same host behind a TLS proxy
    ['http://app.example:3000/a%2F%2Fb', '/a%2F%2Fb'],
    ['http://app.example:3000/%2F%2Fevil.example', '/%2F%2Fevil.example'], // encoded: a path to browsers
    ['http://app.example:3000/a#frag', '/a'],
  ])('%s -> %s', (raw, expected) => {
    expect(sameOriginPath(raw, BASE, HOST)).toBe(expected);
  });

  it.each([
    'http://app.example:3000//evil.example',
    'http://app.example:3000//evil.example/x?y=1',
    'http://app.example:3000///evil.example',
    'http://app.example:3000/\\evil.example',
    'http://app.example:3000\\\\evil.example',
    'http://app.example:3000/\t/evil.example',
    'http://app.example:3000/\n/evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'https://evil.example/a',
    'http://app.example:3000.evil.example/a',
    'http://app.example:3000@evil.example/a',
    'http://user:pw@app.example:3000/a',
    'http://app.example:4000/a',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://app.example:3000/a',
    'http://[::1',
    '',
  ])('refuses %j', (raw) => {
    expect(sameOriginPath(raw, BASE, HOST)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const v of [undefined, null, 42, ['/a'], { href: '/a' }])
      expect(sameOriginPath(v, BASE, HOST)).toBeNull();
  });

  it('no answer it gives starts with two slashes or a slash and a backslash (property over junk)', () => {
    const parts = [
      '/',
      '\\',
      '//',
      '/\\',
      '\t',
      '\n',
      '%2f',
      '@',
      'evil.example',
      '.',
      '..',
      ':',
      '?',
      '#',
      'app.example:3000',
      'http:',
      'https:',
    ];
    for (let i = 0; i < 4000; i++) {
      let raw = i % 2 ? 'http://app.example:3000' : '';
      for (let j = 0; j < 1 + (i % 7); j++)
        raw += parts[(i * 31 + j * 17 + ((i >> 3) ^ j)) % parts.length];
      const out = sameOriginPath(raw, BASE, HOST);
      if (out !== null) {
        expect(out.startsWith('/')).toBe(true);
        expect(out).not.toMatch(/^\/[/\\]/);
        // and the browser resolves it to our own origin
        expect(new URL(out, BASE).origin).toBe(new URL(BASE).origin);
      }
    }
  });
});
