import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, httpHeaders, httpJson, HttpError, readXsrfToken } from './http';

describe('http headers', () => {
  it('reads and decodes the XSRF-TOKEN cookie', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readXsrfToken('a=1')).toBeNull();
    expect(readXsrfToken('')).toBeNull();
  });

  it('adds X-Requested-With, X-XSRF-TOKEN and Accept without overriding the caller', () => {
    const h = httpHeaders({ Accept: 'text/csv' }, 'XSRF-TOKEN=tok');
    expect(h.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(h.get('X-XSRF-TOKEN')).toBe('tok');
    expect(h.get('Accept')).toBe('text/csv');
    expect(httpHeaders(undefined, '').has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('http / httpJson', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends our headers and same-origin credentials', async () => {
    const calls: Array<[unknown, RequestInit]> = [];
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t1' });
    vi.stubGlobal('fetch', async (u: unknown, init: RequestInit) => {
      calls.push([u, init]);
      return new Response('{"ok":true}', { status: 200 });
    });
    await http('/x', { method: 'POST' });
    const h = calls[0][1].headers as Headers;
    expect(h.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(h.get('x-xsrf-token')).toBe('t1');
    expect(calls[0][1].credentials).toBe('same-origin');
    expect(await httpJson('/y', { method: 'POST', body: { a: 1 } })).toEqual({ ok: true });
    expect(calls[1][1].body).toBe('{"a":1}');
    expect((calls[1][1].headers as Headers).get('content-type')).toBe('application/json');
  });

  it('throws HttpError with the problem detail', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"detail":"Name is taken"}', { status: 422 }));
    const err = await httpJson('/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(422);
    expect((err as HttpError).message).toBe('Name is taken');
  });
});
