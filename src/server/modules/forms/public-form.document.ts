import type { EntryAssets } from '../../platform/inertia/assets.js';
import { escapeJsonForHtml } from '../../platform/inertia/plugin.js';
import type { PublicFormProps } from '../../../shared/forms/forms.pages.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The public form page: a small HTML document of its own (no Inertia, no app shell) with the form
 * as JSON (escaped for HTML), the CSRF token the submission echoes in a header, and the tags of
 * the `src/client/public-form/main.tsx` entry from the Vite manifest. Until the script runs the
 * visitor sees the form's name and a loading line; without JavaScript, a sentence saying so.
 */
export function renderPublicFormDocument(opts: {
  data: PublicFormProps;
  csrfToken: string;
  assets: EntryAssets | undefined;
}): string {
  const { data } = opts;
  const lang = escapeHtml(data.form.language);
  // the loading line in the form's language (the page's own words)
  const text = pageTextFor(data.form.language);
  return `<!DOCTYPE html>
<html lang="${lang}" dir="${data.form.dir}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <meta name="robots" content="noindex">
    <meta name="csrf-token" content="${escapeHtml(opts.csrfToken)}">
    <title>${escapeHtml(data.form.name)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${opts.assets?.headTags ?? '<!-- client not built: run npm run build -->'}
  </head>
  <body>
    <div id="form-root"><main class="pw-loading" style="max-width:640px;margin:16px auto;padding:0 12px;font:16px/1.5 system-ui,sans-serif"><h1>${escapeHtml(data.form.name)}</h1><p role="status">${escapeHtml(text.loading)}</p><noscript><p>${escapeHtml(text.noScript)}</p></noscript></main></div>
    <script type="application/json" id="form-data">${escapeJsonForHtml(JSON.stringify(data))}</script>
  </body>
</html>`;
}

/** Cache names start with this; the worker deletes only its own older ones. */
const CACHE_PREFIX = 'pathways-form-';

/**
 * The form page's service worker (served at `/f/sw.js`, scope `/f/`): plain JavaScript, no library.
 * It precaches the entry's files on install (cache named by the build's version), keeps the form
 * documents it has seen (network first, the cached copy when the network fails) and serves the
 * precached files from the cache. POSTs (the submissions) are never touched: the page's outbox
 * sends them. A page asks it to keep its document with `{ type: 'keep-page', url }`.
 */
export function serviceWorkerSource(opts: { version: string; files: string[] }): string {
  const assets = `${CACHE_PREFIX}assets-${opts.version}`;
  const pages = `${CACHE_PREFIX}pages`;
  return `'use strict';
const ASSETS_CACHE = ${JSON.stringify(assets)};
const PAGES_CACHE = ${JSON.stringify(pages)};
const FILES = ${JSON.stringify(opts.files)};
// a form document: /f/<token> (the worker's own URL is not one)
const FORM_PAGE = /^\\/f\\/[A-Za-z0-9_-]{20,100}$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(ASSETS_CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith(${JSON.stringify(CACHE_PREFIX)}) && k !== ASSETS_CACHE && k !== PAGES_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isFormPage(url) {
  return url.origin === self.location.origin && FORM_PAGE.test(url.pathname);
}

function keep(request, response) {
  if (!response.ok || response.type !== 'basic') return;
  const copy = response.clone();
  return caches.open(PAGES_CACHE).then((c) => c.put(request.url, copy));
}

function fromPagesCache(request) {
  return caches
    .open(PAGES_CACHE)
    .then((c) => c.match(request.url).then((r) => r || c.match(request.url, { ignoreSearch: true })))
    .then((r) => r || Response.error());
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-page' || typeof data.url !== 'string') return;
  const url = new URL(data.url);
  if (!isFormPage(url)) return;
  const request = new Request(url.href, { credentials: 'same-origin' });
  event.waitUntil(fetch(request).then((r) => keep(request, r)).catch(() => undefined));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (FILES.includes(url.pathname)) {
    event.respondWith(
      caches.open(ASSETS_CACHE).then((c) => c.match(url.pathname).then((r) => r || fetch(request))),
    );
    return;
  }
  if (request.mode === 'navigate' && isFormPage(url)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          event.waitUntil(Promise.resolve(keep(request, response)));
          return response;
        })
        .catch(() => fromPagesCache(request)),
    );
  }
});
`;
}
