import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { allowListed, resolveOutbound, type OutboundPolicy } from '../../platform/net/outbound.js';

/** A fetch that failed, with a message the user can act on (shown on the `url` field) */
export class UrlFetchError extends Error {}

export interface FetchLimits {
  maxBytes: number;
  /** the whole fetch, redirects included */
  timeoutMs: number;
  maxRedirects: number;
}

export const URL_FETCH_LIMITS: Omit<FetchLimits, 'maxBytes'> = {
  timeoutMs: 60_000,
  maxRedirects: 5,
};

const MB = 1024 * 1024;

/**
 * Check an address a user gave: https (plain http only to an address the operator's allow list
 * names), no credentials in it. Answers the parsed URL or a message.
 */
function parseSourceUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new UrlFetchError('Enter a full address starting with https://.');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new UrlFetchError('Only https:// addresses are read.');
  if (u.username || u.password)
    throw new UrlFetchError('Leave the user name and password out of the address.');
  return u;
}

/** The name a download goes by: the Content-Disposition file name, else the path's last part */
function nameOf(u: URL, disposition: string | undefined): string {
  const m = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const raw = m ? decodeURIComponent(m[1]) : decodeURIComponent(u.pathname.split('/').pop() ?? '');
  const name = path
    .basename(raw)
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .slice(0, 200);
  return name || u.hostname;
}

/**
 * Fetch `raw` into the file `to`: every hop's host resolved and checked by the outbound policy
 * (platform/net) and the socket pinned to the checked address, redirects followed by hand (each
 * target checked again), at most `maxBytes` counted while streaming (the download is cut beyond),
 * one deadline for the whole fetch. The type is not trusted: the caller sniffs the bytes as for
 * an upload.
 */
export async function fetchToFile(
  raw: string,
  to: string,
  policy: OutboundPolicy,
  limits: FetchLimits,
): Promise<{ fileName: string; size: number }> {
  let u = parseSourceUrl(raw);
  const deadline = Date.now() + limits.timeoutMs;
  await mkdir(path.dirname(to), { recursive: true });
  for (let hop = 0; ; hop++) {
    const resolved = await resolveOutbound(u.hostname, policy);
    if (!resolved.ok) throw new UrlFetchError(resolved.message);
    if (u.protocol === 'http:' && !allowListed(resolved.address, policy))
      throw new UrlFetchError('Only https:// addresses are read.');
    const res = await get(u, resolved, deadline);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= limits.maxRedirects) throw new UrlFetchError('The address redirects too often.');
      let next: URL;
      try {
        next = new URL(res.headers.location, u);
      } catch {
        throw new UrlFetchError('The address redirects to an address that is not valid.');
      }
      u = parseSourceUrl(next.toString());
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new UrlFetchError(
        status === 401 || status === 403
          ? `The address refused access (HTTP ${status}): publish the file or share it by link.`
          : status === 404
            ? 'Nothing was found at this address (HTTP 404).'
            : `The address answered HTTP ${status}.`,
      );
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) {
      res.destroy();
      throw new UrlFetchError(tooLarge(limits.maxBytes));
    }
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > limits.maxBytes) cb(new UrlFetchError(tooLarge(limits.maxBytes)));
        else cb(null, chunk);
      },
    });
    const timer = setTimeout(
      () => res.destroy(new UrlFetchError('The address did not answer in time.')),
      Math.max(0, deadline - Date.now()),
    );
    try {
      await pipeline(res, limit, createWriteStream(to));
    } catch (err) {
      await rm(to, { force: true });
      throw err instanceof UrlFetchError
        ? err
        : new UrlFetchError('The download broke off: try again.');
    } finally {
      clearTimeout(timer);
    }
    if (size === 0) {
      await rm(to, { force: true });
      throw new UrlFetchError('The address answered with an empty file.');
    }
    return { fileName: nameOf(u, res.headers['content-disposition']), size };
  }
}

const tooLarge = (max: number) => `The file at this address is larger than ${max / MB} MB.`;

function get(
  u: URL,
  resolved: { address: string; family: 4 | 6 },
  deadline: number,
): Promise<http.IncomingMessage> {
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: resolved.address, family: resolved.family },
      ]);
    else cb(null, resolved.address, resolved.family);
  };
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(u, {
      method: 'GET',
      lookup,
      timeout: Math.max(1, deadline - Date.now()),
      headers: { accept: 'text/csv, text/tab-separated-values, */*', 'user-agent': 'Pathways' },
    });
    req.on('response', resolve);
    req.on('timeout', () => {
      req.destroy();
      reject(new UrlFetchError('The address did not answer in time.'));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err instanceof UrlFetchError
          ? err
          : new UrlFetchError(
              `The address could not be reached (${err.code ?? 'connection error'}).`,
            ),
      ),
    );
    req.end();
  });
}
