import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveProps, type PropsInput } from './props.js';
import type { ClientAssets } from './assets.js';
import { sameOriginPath } from '../http/local-path.js';
import { errorBagOf } from '../http/errors-handler.js';
import type { PageName, PagePropsOf } from '../../../shared/pages.js';
import type { SharedProps } from '../../../shared/shared-props.js';

/**
 * The Inertia v3 protocol for Fastify: first visits get the HTML shell with the page object,
 * X-Inertia visits get JSON; version checks, partial reloads, optional/deferred props, shared
 * props, error bags, 303 after PUT/PATCH/DELETE, external redirects via 409.
 */
interface PageObject {
  component: string;
  props: Record<string, unknown>;
  url: string;
  version: string;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  clearHistory: boolean;
  encryptHistory: boolean;
}

interface InertiaOptions {
  assets: () => ClientAssets;
  appName: string;
  /** props every page receives (user, team, flash, ...), resolved lazily per request */
  shared: (
    request: FastifyRequest,
  ) => PropsInput<Omit<SharedProps, 'errors'>> & { errors: () => unknown };
  /** extra JSON for the HTML shell only (the route table), sent once per full page load */
  bootData: () => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    isInertia: boolean;
  }
  interface FastifyReply {
    /** render page `component` with the props its entry in `src/shared/pages.ts` declares (values, lazy functions or prop wrappers) */
    inertia<K extends PageName>(component: K, ...args: RenderArgs<K>): Promise<FastifyReply>;
    /** redirect to a URL outside the SPA (or force a full page load) */
    inertiaLocation(url: string): FastifyReply;
    /** redirect back to the previous page (Referer) or a fallback */
    back(fallback?: string): FastifyReply;
  }
}

interface RenderOptions {
  status?: number;
  clearHistory?: boolean;
}
/** The props argument may be left out only when the page declares no required prop. */
type RenderArgs<K extends PageName> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends P` is the test for "P has no required key"
  {} extends PagePropsOf<K>
    ? [props?: PropsInput<PagePropsOf<K>>, opts?: RenderOptions]
    : [props: PropsInput<PagePropsOf<K>>, opts?: RenderOptions];

/** JSON inside <script type="application/json">: escape what could end the element. */
export function escapeJsonForHtml(json: string) {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function list(h: string | string[] | undefined) {
  if (h === undefined) return undefined;
  return String(h)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

// shown from the first byte until React replaces it (the bundle takes a moment on a slow line): plain
// HTML and CSS, no script; the delay keeps it from flashing on a fast load
const LOADING = `<style>.pw-loading{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;gap:12px;font:16px system-ui,sans-serif;color:#495057;background:#f8f9fa;animation:pw-in .2s .15s both}.pw-loading i{width:28px;height:28px;border:3px solid #ced4da;border-top-color:#1c7ed6;border-radius:50%;animation:pw-spin .8s linear infinite}@keyframes pw-spin{to{transform:rotate(360deg)}}@keyframes pw-in{from{opacity:0}}@media (prefers-reduced-motion:reduce){.pw-loading i{animation-duration:3s}}</style><div class="pw-loading" role="status"><i aria-hidden="true"></i>Loading…</div>`;

function renderShell(
  page: PageObject,
  assets: ClientAssets,
  appName: string,
  boot: Record<string, unknown>,
) {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <title>${escapeHtml(appName)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <script type="application/json" id="pathways-boot">${escapeJsonForHtml(JSON.stringify(boot))}</script>
    ${assets.headTags}
  </head>
  <body>
    <div id="app">${LOADING}</div>
    <script data-page="app" type="application/json">${escapeJsonForHtml(JSON.stringify(page))}</script>
  </body>
</html>`;
}

async function inertiaPlugin(app: FastifyInstance, opts: InertiaOptions) {
  app.decorateRequest('isInertia', false);

  app.addHook('onRequest', async (request, reply) => {
    request.isInertia = request.headers['x-inertia'] === 'true';
    reply.header('Vary', 'X-Inertia');
    // stale assets: force a full reload of the same URL
    if (request.isInertia && request.method === 'GET') {
      const sent = request.headers['x-inertia-version'];
      const current = opts.assets().version;
      if (sent !== undefined && sent !== current) {
        reply.code(409).header('X-Inertia-Location', request.url).send();
        return reply;
      }
    }
  });

  // 302 after PUT/PATCH/DELETE would repeat the method: the protocol wants 303
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 302 && ['PUT', 'PATCH', 'DELETE'].includes(request.method))
      reply.code(303);
    return payload;
  });

  app.decorateReply(
    'inertia',
    async function (
      this: FastifyReply,
      component: string,
      props: object = {},
      o: RenderOptions = {},
    ) {
      const request = this.request;
      const partial = {
        component: request.headers['x-inertia-partial-component'] as string | undefined,
        only: list(request.headers['x-inertia-partial-data']),
        except: list(request.headers['x-inertia-partial-except']),
      };
      const all: Record<string, unknown> = { ...opts.shared(request), ...props };
      const resolved = await resolveProps(component, all, partial);
      // validation errors, grouped under the bag the request named
      const errors = (resolved.props.errors ?? {}) as Record<string, unknown>;
      // (errors flashed by a bagged request arrive already grouped: errors-handler.ts)
      const bag = errorBagOf(request);
      const alreadyBagged =
        bag !== undefined && typeof errors[bag] === 'object' && errors[bag] !== null;
      resolved.props.errors =
        bag && Object.keys(errors).length && !alreadyBagged ? { [bag]: errors } : errors;
      const page: PageObject = {
        component,
        props: resolved.props,
        url: request.url,
        version: opts.assets().version,
        clearHistory: o.clearHistory ?? false,
        encryptHistory: false,
        ...(resolved.deferredProps ? { deferredProps: resolved.deferredProps } : {}),
        ...(resolved.mergeProps ? { mergeProps: resolved.mergeProps } : {}),
      };
      if (o.status) this.code(o.status);
      if (request.isInertia) {
        return this.header('X-Inertia', 'true')
          .header('Content-Type', 'application/json; charset=utf-8')
          .send(JSON.stringify(page));
      }
      // the HTML names the hashed assets of the current build: always revalidated (the assets are immutable)
      if (!this.hasHeader('Cache-Control')) this.header('Cache-Control', 'no-cache');
      return this.header('Content-Type', 'text/html; charset=utf-8').send(
        renderShell(page, opts.assets(), opts.appName, opts.bootData()),
      );
    },
  );

  app.decorateReply('inertiaLocation', function (this: FastifyReply, url: string) {
    if (this.request.isInertia) return this.code(409).header('X-Inertia-Location', url).send();
    return this.redirect(url, 303);
  });

  app.decorateReply('back', function (this: FastifyReply, fallback = '/dashboard') {
    // only a path on this host, never `//other` or `/\other` (see local-path.ts): no open redirect
    const host = this.request.headers.host ?? '';
    const target =
      sameOriginPath(this.request.headers.referer, `${this.request.protocol}://${host}`, host) ??
      fallback;
    return this.redirect(target, 303);
  });
}

export default fp(inertiaPlugin, { name: 'inertia' });
