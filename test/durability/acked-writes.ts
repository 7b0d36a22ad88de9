import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.js';
import { users } from '../../src/server/platform/auth/auth.tables.js';

/**
 * A kind of write made over real HTTP against a running server. `write` returns a key when the
 * server acknowledged the write (and null when it refused or the connection died); `present`
 * returns which keys are in the database.
 */
export interface WriteScenario {
  name: string;
  /** is the route on this build? */
  available(baseUrl: string): Promise<boolean>;
  write(baseUrl: string, i: number): Promise<string | null>;
  present(db: Db, keys: string[]): Promise<string[]>;
}

/** Minimal cookie jar for fetch. */
export class Jar {
  cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Registration through POST /register (the accounts module), with the XSRF dance a browser does:
 * GET the form for the XSRF-TOKEN cookie, echo it as X-XSRF-TOKEN. Acknowledged = redirected
 * anywhere but back to the form (back = validation errors).
 */
export const registerScenario: WriteScenario = {
  name: 'POST /register',
  async available(baseUrl) {
    const r = await fetch(`${baseUrl}/register`, { redirect: 'manual' });
    return r.status !== 404;
  },
  async write(baseUrl, i) {
    const email = `durable-${i}-${randomBytes(4).toString('hex')}@example.org`;
    const jar = new Jar();
    try {
      jar.take(
        await fetch(`${baseUrl}/register`, {
          redirect: 'manual',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        }),
      );
      const xsrf = decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? '');
      const res = await fetch(`${baseUrl}/register`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-inertia': 'true',
          'x-xsrf-token': xsrf,
          cookie: jar.header(),
        },
        body: JSON.stringify({
          name: `Durable ${i}`,
          email,
          password: 'durable-password-1',
          password_confirmation: 'durable-password-1',
          terms: true,
        }),
      });
      const location = res.headers.get('location');
      if (
        (res.status === 302 || res.status === 303) &&
        location &&
        new URL(location, baseUrl).pathname !== '/register'
      )
        return email;
      return null;
    } catch {
      return null; // the connection died: not acknowledged
    }
  },
  async present(db, keys) {
    if (keys.length === 0) return [];
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, keys));
    return rows.map((r) => r.email);
  },
};

/**
 * Send writes with `concurrency` in flight until `stop()` says so; collect acknowledged keys.
 * Writes still in flight when the server dies simply count as unacknowledged.
 */
export async function streamWrites(
  baseUrl: string,
  scenario: WriteScenario,
  opts: { concurrency: number; max: number; onAck(acked: string[]): void; stopped(): boolean },
) {
  const acked: string[] = [];
  let next = 0;
  let refused = 0;
  const lane = async () => {
    while (!opts.stopped() && next < opts.max) {
      const key = await scenario.write(baseUrl, next++);
      if (key && !opts.stopped()) {
        acked.push(key);
        opts.onAck(acked);
      } else if (key) {
        acked.push(key); // acknowledged just as we killed: still must be durable
      } else refused += 1;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, lane));
  return { acked, attempted: next, refused };
}

/**
 * SIGKILL the server once `killAfter` writes were acknowledged, with the other lanes' writes in
 * flight (or once the stream ran out, if it never got that far); resolves when the process is dead.
 */
export async function sigkillDuringWrites(
  server: { url: string; child: ChildProcess; exited: Promise<{ signal: NodeJS.Signals | null }> },
  scenario: WriteScenario,
  opts: { concurrency: number; max: number; killAfter: number },
) {
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const result = await streamWrites(server.url, scenario, {
    concurrency: opts.concurrency,
    max: opts.max,
    stopped: () => killed,
    onAck: (acked) => {
      if (acked.length >= opts.killAfter) kill();
    },
  });
  kill();
  const { signal } = await server.exited;
  return { ...result, signal };
}
