import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client over app.inject(): keeps cookies, echoes the XSRF-TOKEN cookie as
 * X-XSRF-TOKEN, sends X-Requested-With, and speaks Inertia (X-Inertia + version) unless told not to.
 */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    public app: FastifyInstance,
    public opts: { inertia?: boolean; version?: string; ip?: string } = {},
  ) {}

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    inertia = this.opts.inertia ?? true,
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN') && method !== 'GET') {
      this.store(await this.app.inject({ method: 'GET', url: '/', remoteAddress: this.opts.ip }));
    }
    const h: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...headers };
    if (inertia) {
      h['x-inertia'] = 'true';
      h['x-inertia-version'] = this.opts.version ?? 'test';
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !('x-xsrf-token' in h)) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.cookies.size) h.cookie = this.cookieHeader();
    const opts: InjectOptions = {
      method: method as InjectOptions['method'],
      url,
      headers: h,
      remoteAddress: this.opts.ip,
    };
    if (body !== undefined) opts.payload = body as InjectOptions['payload'];
    const res = await this.app.inject(opts);
    this.store(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  patch(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PATCH', url, body, headers);
  }
  delete(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', url, body, headers);
  }

  /** GET an Inertia page and return its page object */
  async page(url: string) {
    const res = await this.get(url);
    if (res.headers['x-inertia'] !== 'true')
      throw new Error(
        `${url} answered ${res.statusCode} without an Inertia page (location: ${res.headers.location ?? '-'})`,
      );
    return res.json() as {
      component: string;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any page's props
      props: Record<string, any>;
      url: string;
      version: string;
    };
  }
}
