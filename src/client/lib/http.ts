/**
 * fetch() for the few requests that are not Inertia visits (JSON endpoints, polling, uploads).
 * Like Inertia's own client it sends X-Requested-With and echoes the XSRF-TOKEN cookie as
 * X-XSRF-TOKEN, so the server's CSRF check and "is this an XHR" logic treat both the same.
 */
export function readXsrfToken(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === 'XSRF-TOKEN') {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The request headers with ours added (the caller's own values win). */
export function httpHeaders(init: HeadersInit | undefined, cookie: string): Headers {
  const h = new Headers(init);
  if (!h.has('X-Requested-With')) h.set('X-Requested-With', 'XMLHttpRequest');
  const token = readXsrfToken(cookie);
  if (token && !h.has('X-XSRF-TOKEN')) h.set('X-XSRF-TOKEN', token);
  if (!h.has('Accept')) h.set('Accept', 'application/json');
  return h;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      typeof body === 'object' && body && 'detail' in body
        ? String((body as { detail: unknown }).detail)
        : `Request failed with status ${status}`,
    );
  }
}

export async function http(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const cookie = typeof document !== 'undefined' ? document.cookie : '';
  return fetch(input, {
    credentials: 'same-origin',
    ...init,
    headers: httpHeaders(init.headers, cookie),
  });
}

/** JSON in, JSON out; a non-2xx answer throws HttpError with the parsed body. */
export async function httpJson<T = unknown>(
  input: string | URL,
  init: Omit<RequestInit, 'body'> & { body?: unknown } = {},
): Promise<T> {
  const { body, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const res = await http(input, {
    ...rest,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  if (!res.ok) throw new HttpError(res.status, parsed);
  return parsed as T;
}
