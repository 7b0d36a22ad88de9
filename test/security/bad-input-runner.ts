import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { ABILITIES } from '../../src/shared/permissions.js';
import type { TestClient } from '../helpers/client.js';
import type { FixtureContext } from './route-fixtures.js';
import { describeResponse, fillUrl, flashOf } from './probe.js';
import { invalidBody, plausibleBody, toForm } from './junk.js';
import { buildWorld, createToken, RotatingIpClient, worldIntact, type World } from './world.js';

/**
 * Property runs per route and family: 100 in CI, fewer locally (BAD_INPUT_RUNS overrides). `.ci/run`
 * runs the suite twice (PGlite, then PostgreSQL), each pass with its own random seed, so a CI run
 * tries 200 bodies per route and family; a failure prints its seed and path to replay it.
 */
export const RUNS = Number(
  process.env.BAD_INPUT_RUNS ?? (process.env.CI === 'true' || process.env.CI === '1' ? 100 : 30),
);

/** Tables a refused request may still write to, and why. */
export const WRITES_ON_FAILURE: Record<string, string> = {
  audit_logs: 'failed sign-ins and similar refusals are audited on purpose',
  rate_limits:
    'on PostgreSQL every request to a rate-limited route counts, refused or not (the counter is the point)',
};

const MIB = 1024 * 1024;
const PROTO_BASELINE = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

type Encoding = 'json' | 'form';

function clip(v: unknown) {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 300 ? `${s.slice(0, 300)}... (${s.length} chars)` : s;
}

/**
 * Sends hostile bodies to state-changing routes as team A's owner (valid session and XSRF token,
 * password confirmed; as a signed-out visitor on guest routes; with the owner's token on API routes) and reports every 5xx, every acceptance of an invalid body, and every row
 * written by a refused request.
 */
export class BadInputRunner {
  world!: World;
  private tables: string[] = [];
  private bearer = '';

  constructor(readonly app: FastifyInstance) {}

  async init() {
    this.world = await buildWorld(this.app);
    const res = (await this.app.ctx.db.execute(
      sql.raw(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    )) as unknown as { rows: Array<{ name: string }> };
    this.tables = res.rows.map((r) => r.name).filter((n) => !(n in WRITES_ON_FAILURE));
    // every row inserted into or deleted from a watched table is noted by a trigger, so "did this
    // request write?" is one read of the log's last id instead of a count of every table
    const ddl = [
      `create table if not exists pw_row_writes (id bigserial primary key, tbl text not null)`,
      `create or replace function pw_note_row_write() returns trigger language plpgsql as $$ begin insert into pw_row_writes (tbl) values (tg_table_name); return null; end $$`,
      ...this.tables.map(
        (t) =>
          `create or replace trigger pw_note_row_write after insert or delete on "${t}" for each row execute function pw_note_row_write()`,
      ),
    ];
    for (const statement of ddl) await this.app.ctx.db.execute(sql.raw(statement));
    return this;
  }

  private async ensureWorld() {
    if (!(await worldIntact(this.world))) {
      this.world = await buildWorld(this.app);
      this.bearer = '';
    }
    // the API routes' token is made before any row count: made lazily, it would look like a write of the refused request
    if (!this.bearer)
      this.bearer = (
        await createToken(
          this.app,
          this.world.members.owner.id,
          this.world.teamA.id,
          ABILITIES,
          'bad input',
        )
      ).key;
  }

  /** A mark in the write log: the rows written after it are what a request wrote. */
  async counts(): Promise<number> {
    const res = (await this.app.ctx.db.execute(
      sql.raw(`select coalesce(max(id), 0)::text as id from pw_row_writes`),
    )) as unknown as { rows: Array<{ id: string }> };
    return Number(res.rows[0].id);
  }

  /** The watched tables a request inserted rows into or deleted rows from since the mark. */
  private async diff(mark: number, after: number): Promise<string[]> {
    if (after === mark) return [];
    const res = (await this.app.ctx.db.execute(
      sql`select tbl, count(*)::int as n from pw_row_writes where id > ${mark} group by tbl order by tbl`,
    )) as unknown as { rows: Array<{ tbl: string; n: number }> };
    return res.rows.map((r) => `${r.tbl}: ${r.n} row(s) inserted or deleted`);
  }

  private async client(
    route: RouteEntry,
  ): Promise<{ client: TestClient; headers: Record<string, string>; inertia: boolean }> {
    // guest routes (login, register, password reset) only run for signed-out visitors
    if (route.access.kind === 'guest')
      return { client: new RotatingIpClient(this.app), headers: {}, inertia: true };
    if (route.access.kind === 'api') {
      if (!this.bearer)
        this.bearer = (
          await createToken(
            this.app,
            this.world.members.owner.id,
            this.world.teamA.id,
            ABILITIES,
            'bad input',
          )
        ).key;
      return {
        client: new RotatingIpClient(this.app, { inertia: false }),
        headers: { accept: 'application/json', authorization: `Bearer ${this.bearer}` },
        inertia: false,
      };
    }
    return { client: this.world.members.owner.client, headers: {}, inertia: true };
  }

  private async send(
    route: RouteEntry,
    method: string,
    url: string,
    payload: string | Buffer | undefined,
    contentType: string | undefined,
  ) {
    const { client, headers, inertia } = await this.client(route);
    const h = { ...headers, ...(contentType ? { 'content-type': contentType } : {}) };
    return client.request(method, url, payload, h, inertia);
  }

  private encode(body: unknown, enc: Encoding): [string, string] {
    return enc === 'json'
      ? [JSON.stringify(body), 'application/json']
      : [toForm(body), 'application/x-www-form-urlencoded'];
  }

  /** Refused the way our app refuses input: a 4xx (not 401/419: those mean the test lost its session), or 303 back with errors. */
  refused(res: LightMyRequestResponse) {
    if (res.statusCode >= 400 && res.statusCode < 500)
      return res.statusCode !== 401 && res.statusCode !== 419;
    if (res.statusCode === 303 || res.statusCode === 302) {
      const f = flashOf(res);
      return !!f && ((!!f.errors && Object.keys(f.errors).length > 0) || !!f.error);
    }
    return false;
  }

  private polluted() {
    const now = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
    return now !== PROTO_BASELINE || ({} as Record<string, unknown>).polluted !== undefined;
  }

  /** Parser-level cases every state-changing route must survive. */
  async fixedCases(route: RouteEntry, method: string, takesBody: boolean): Promise<string[]> {
    const big = `{"${'zz_junk_big'}":"${'x'.repeat(MIB + 1024)}"}`;
    const cases: Array<
      [
        string,
        string | Buffer | undefined,
        string | undefined,
        (r: LightMyRequestResponse) => boolean,
        string,
      ]
    > = [
      ['malformed JSON', '{"name": "x",', 'application/json', (r) => r.statusCode === 400, '400'],
      ['an empty JSON body', '', 'application/json', (r) => r.statusCode === 400, '400'],
      ['a JSON body over 1 MiB', big, 'application/json', (r) => r.statusCode === 413, '413'],
      [
        'a form body over 1 MiB',
        `zz_junk_big=${'x'.repeat(MIB + 1024)}`,
        'application/x-www-form-urlencoded',
        (r) => r.statusCode === 413,
        '413',
      ],
      ['an XML body', '<x>1</x>', 'application/xml', (r) => r.statusCode === 415, '415'],
      [
        'an octet-stream body',
        Buffer.from([0, 1, 2, 255]),
        'application/octet-stream',
        (r) => r.statusCode === 415,
        '415',
      ],
      [
        'invalid UTF-8 bytes in JSON',
        Buffer.concat([
          Buffer.from('{"zz_junk_utf8":"'),
          Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
        'application/json',
        (r) => !takesBody || this.refused(r),
        'refusal',
      ],
      [
        'JSON with __proto__',
        '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
        'application/json',
        (r) => r.statusCode === 400 || (!takesBody && r.statusCode < 500),
        '400',
      ],
      ['no body at all', undefined, undefined, (r) => !takesBody || this.refused(r), 'refusal'],
    ];
    const problems: string[] = [];
    for (const [label, payload, type, ok, want] of cases) {
      // a body-less route may do its job (sign out, delete): start each case from an intact cast
      await this.ensureWorld();
      await this.client(route); // an API route's token is made here, not inside the counted request
      const url = await fillUrl(route, { world: this.world, self: this.world.members.owner });
      const before = await this.counts();
      const res = await this.send(route, method, url, payload, type);
      const after = await this.counts();
      if (res.statusCode >= 500 || !ok(res))
        problems.push(
          `${method} ${url} with ${label}: expected ${want}, got ${describeResponse(res)}`,
        );
      const written = await this.diff(before, after);
      if (this.refused(res) && written.length)
        problems.push(
          `${method} ${url} with ${label}: refused but wrote rows (${written.join(', ')})`,
        );
      if (this.polluted())
        problems.push(`${method} ${url} with ${label}: Object.prototype was polluted`);
      if (res.statusCode === 401 || res.statusCode === 419)
        problems.push(
          `${method} ${url} with ${label}: the owner's session or XSRF token was lost (${res.statusCode})`,
        );
    }
    return problems;
  }

  /** Hundreds of invalid bodies (JSON and form): each refused, none a 5xx, none writing a row. */
  async invalidBodies(
    route: RouteEntry,
    method: string,
    numRuns = RUNS,
  ): Promise<string | undefined> {
    await this.ensureWorld();
    await this.client(route);
    const url = await fillUrl(route, { world: this.world, self: this.world.members.owner });
    // nothing but the requests writes between runs: one run's closing mark opens the next
    let mark = await this.counts();
    const result = await fc.check(
      fc.asyncProperty(
        invalidBody,
        fc.constantFrom<Encoding>('json', 'form'),
        async (body, enc) => {
          const [payload, type] = this.encode(body, enc);
          const before = mark;
          const res = await this.send(route, method, url, payload, type);
          const after = (mark = await this.counts());
          if (res.statusCode >= 500) throw new Error(`server error ${describeResponse(res)}`);
          if (!this.refused(res))
            throw new Error(`accepted an invalid body: ${describeResponse(res)}`);
          const written = await this.diff(before, after);
          if (written.length) throw new Error(`refused but wrote rows: ${written.join(', ')}`);
          if (this.polluted()) throw new Error('Object.prototype was polluted');
        },
      ),
      { numRuns, endOnFailure: true },
    );
    if (!result.failed) return undefined;
    const [body, enc] = result.counterexample ?? [];
    return `${method} ${url} (${enc}) ${(result.errorInstance as Error | undefined)?.message ?? 'failed'}; body: ${clip(body)}; replay: { seed: ${result.seed}, path: "${result.counterexamplePath}" }`;
  }

  /** Known field names with hostile values: may be accepted, but never a 5xx and never a partial write. */
  async plausibleBodies(
    route: RouteEntry,
    method: string,
    numRuns = Math.max(10, Math.round(RUNS / 4)),
  ): Promise<string | undefined> {
    const result = await fc.check(
      fc.asyncProperty(
        plausibleBody,
        fc.constantFrom<Encoding>('json', 'form'),
        async (body, enc) => {
          await this.ensureWorld();
          await this.client(route);
          const url = await fillUrl(route, { world: this.world, self: this.world.members.owner });
          const [payload, type] = this.encode(body, enc);
          const before = await this.counts();
          const res = await this.send(route, method, url, payload, type);
          const after = await this.counts();
          if (res.statusCode >= 500) throw new Error(`server error ${describeResponse(res)}`);
          const written = await this.diff(before, after);
          if (this.refused(res) && written.length)
            throw new Error(`refused but wrote rows: ${written.join(', ')}`);
          if (this.polluted()) throw new Error('Object.prototype was polluted');
        },
      ),
      { numRuns, endOnFailure: true },
    );
    if (!result.failed) return undefined;
    const [body, enc] = result.counterexample ?? [];
    return `${method} ${route.url} (${enc}) ${(result.errorInstance as Error | undefined)?.message ?? 'failed'}; body: ${clip(body)}; replay: { seed: ${result.seed}, path: "${result.counterexamplePath}" }`;
  }

  /**
   * Junk answers inside repeat instances (`cases` says where each must be refused): always a 422
   * whose errors are keyed on exactly those instance paths (`members[2].age`), never a 5xx, nothing
   * written. Sent as JSON, as the public form and the response page send answers.
   */
  async answerPaths(
    route: RouteEntry,
    method: string,
    target: { url: (c: FixtureContext) => Promise<string>; body: (members: unknown[]) => unknown },
    cases: fc.Arbitrary<{ members: unknown[]; paths: string[] }>,
    numRuns = RUNS,
  ): Promise<string | undefined> {
    await this.ensureWorld();
    await this.client(route);
    const url = await target.url({ world: this.world, self: this.world.members.owner });
    const { client } = await this.client(route);
    let mark = await this.counts();
    const result = await fc.check(
      fc.asyncProperty(cases, async ({ members, paths }) => {
        const before = mark;
        const res = await client.request(
          method,
          url,
          JSON.stringify(target.body(members)),
          { 'content-type': 'application/json', accept: 'application/json' },
          false,
        );
        const after = (mark = await this.counts());
        if (res.statusCode >= 500) throw new Error(`server error ${describeResponse(res)}`);
        if (res.statusCode !== 422) throw new Error(`expected 422, got ${describeResponse(res)}`);
        const keys = Object.keys((res.json() as { errors?: object }).errors ?? {}).sort();
        if (JSON.stringify(keys) !== JSON.stringify(paths))
          throw new Error(`errors keyed ${clip(keys)}, expected ${clip(paths)}`);
        const written = await this.diff(before, after);
        if (written.length) throw new Error(`refused but wrote rows: ${written.join(', ')}`);
        if (this.polluted()) throw new Error('Object.prototype was polluted');
      }),
      { numRuns, endOnFailure: true },
    );
    if (!result.failed) return undefined;
    const [c] = result.counterexample ?? [];
    return `${method} ${url} ${(result.errorInstance as Error | undefined)?.message ?? 'failed'}; members: ${clip(c?.members)}; replay: { seed: ${result.seed}, path: "${result.counterexamplePath}" }`;
  }

  /** A strict schema refuses a field it does not declare; a route that accepts one is not validating its body. */
  async strictness(route: RouteEntry, method: string): Promise<string | undefined> {
    await this.ensureWorld();
    await this.client(route);
    const url = await fillUrl(route, { world: this.world, self: this.world.members.owner });
    const before = await this.counts();
    const res = await this.send(
      route,
      method,
      url,
      JSON.stringify({ zz_probe_unknown_field: 1 }),
      'application/json',
    );
    const written = await this.diff(before, await this.counts());
    if (!this.refused(res))
      return `${method} ${url} accepted an unknown field (${describeResponse(res)}): parse its body with a .strict() zod schema via parseInput(), or mark it noBody (with the reason) in test/security/route-expectations.ts`;
    if (written.length)
      return `${method} ${url} refused an unknown field but wrote rows (${written.join(', ')})`;
    return undefined;
  }
}
