/**
 * Secrets that travel in URLs (password-reset and email-verification links, signed links,
 * `?token=`) must not reach the logs: Fastify logs every request's URL.
 */
const SECRET_SEGMENT =
  /\/(reset-password|verify-email|email\/verify|invitations\/accept|two-factor)\/[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:token|code|signature|key|secret|password|otp)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  return url.replace(SECRET_SEGMENT, '/$1/[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host ?? (req.headers?.host as string | undefined),
      remoteAddress: req.ip ?? req.socket?.remoteAddress,
      remotePort: req.socket?.remotePort,
    };
  },
};
