/**
 * The one test for "may we redirect here": a path-absolute URL on our own origin. Everything that
 * redirects to a URL the request supplied (Referer for back(), the remembered intended page) goes
 * through it, so none of them can become an open redirect.
 *
 * A browser reads `//host/x` and `/\host/x` (and the same with tabs or newlines in between, which
 * it strips) as "another host": the path we emit must start with exactly one `/` followed by
 * something other than `/` or `\`.
 */
function localPathOf(u: URL): string | null {
  const path = u.pathname;
  if (!path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  const out = path + u.search;
  // control characters (percent-encoding keeps them out of a parsed URL, but be sure) never go into a Location header
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
  if (/[\u0000-\u001f\u007f\\]/.test(out)) return null;
  return out;
}

/**
 * `raw` resolved against `base`, as a local path when it is on `base`'s origin or on `host` (the
 * request's Host: http or https, so a TLS-terminating proxy does not matter), else null.
 */
export function sameOriginPath(raw: unknown, base: string, host?: string): string | null {
  if (typeof raw !== 'string' || !raw) return null;
  let u: URL;
  let b: URL;
  try {
    b = new URL(base);
    u = new URL(raw, b);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  if (u.origin !== b.origin && !(host && u.host === host)) return null;
  return localPathOf(u);
}
