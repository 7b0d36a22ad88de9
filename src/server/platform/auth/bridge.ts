import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify request headers as a fetch Headers object for Better Auth's server API. */
export function authHeaders(request: FastifyRequest): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
    else h.set(k, String(v));
  }
  // Better Auth records the client IP on sessions from this header
  h.set('x-forwarded-for', request.ip);
  return h;
}

/** Copy Set-Cookie headers from a Better Auth response onto our reply. */
export function forwardAuthCookies(reply: FastifyReply, headers: Headers | undefined | null) {
  if (!headers) return;
  const cookies = headers.getSetCookie();
  if (cookies.length) {
    const existing = reply.getHeader('set-cookie');
    const prev =
      existing === undefined
        ? []
        : Array.isArray(existing)
          ? existing.map(String)
          : [String(existing)];
    reply.header('set-cookie', [...prev, ...cookies]);
  }
}

/** Better Auth errors carry a status and a body message; turn them into something we can show. */
export function authErrorMessage(err: unknown): { status: number; message: string; code?: string } {
  const e = err as {
    status?: string | number;
    statusCode?: number;
    body?: { message?: string; code?: string };
    message?: string;
  };
  const status =
    typeof e.statusCode === 'number' ? e.statusCode : typeof e.status === 'number' ? e.status : 400;
  return {
    status,
    message: e.body?.message ?? e.message ?? 'Something went wrong.',
    code: e.body?.code,
  };
}
