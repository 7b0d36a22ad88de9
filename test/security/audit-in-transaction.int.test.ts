/**
 * @runs-long: started first (test/sequencer.ts)
 * Every write route audits inside its own transaction. For each state-changing route of the
 * registry, as team A's owner (or the owner's API token for /api routes), with a valid request:
 *   1. with the audit insert made to fail (a trigger on audit_logs), the request changes NOTHING
 *      in any table: the change and its audit row live and die together;
 *   2. without the trigger, the same request (on fresh fixtures) succeeds and writes an audit row.
 * Guest and public writes (sign-in, registration, password reset, email verification, the
 * two-factor challenge, a public form's submission) are walked the same way, each with a fresh user or token and a new IP per request
 * (`GUEST_REQUESTS` in audit-exemptions.ts).
 * Routes come from app.ctx.routes.all(), so every later module is held to it without edits here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { createTestApp } from '../helpers/app.js';
import { bodyFor, fixtureFor, missingFixtureMessage } from './route-fixtures.js';
import { buildWorld, createToken, worldIntact, type World } from './world.js';
import { classify, describeResponse } from './probe.js';
import {
  ACTING_AS,
  GUEST_REQUESTS,
  GUEST_WRITE_LINKS,
  MULTIPART_BODIES,
  NOT_AUDITED,
  NOT_YET_ON_THE_WRITE_PATH,
  notAuditedReason,
  VALID_BODIES,
} from './audit-exemptions.js';

const t = await createTestApp();
afterAll(() => t.close());
const db = t.app.ctx.db;

/** Tables whose rows change on any signed-in request, or are the audit itself. */
const VOLATILE = new Set(['audit_logs', 'rate_limits', '__drizzle_migrations']);
/**
 * Bookkeeping columns that change on any request (an API key's last use, a session's refresh):
 * of a session only its existence counts (signing sessions out is a change).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  api_keys: ['last_request', 'request_count', 'remaining', 'last_refill_at', 'updated_at'],
  sessions: [
    'expires_at',
    'created_at',
    'updated_at',
    'ip_address',
    'user_agent',
    'active_organization_id',
  ],
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/**
 * One hash per table (and per relation of the datasets schema `ds`, whose tables come and go with
 * dataset versions), read in ONE statement: the walk takes two snapshots per write route.
 */
async function snapshot(): Promise<Record<string, string>> {
  const cols = rowsOf<{ s: string; t: string; c: string }>(
    await db.execute(
      sql`select table_schema as s, table_name as t, column_name as c from information_schema.columns where table_schema = current_schema() or table_schema = 'ds' order by table_schema, table_name, ordinal_position`,
    ),
  );
  const byTable = new Map<string, { from: string; columns: string[] }>();
  for (const { s, t: table, c } of cols) {
    if (VOLATILE.has(table) || VOLATILE_COLUMNS[table]?.includes(c)) continue;
    const key = s === 'ds' ? `ds.${table}` : table;
    const entry = byTable.get(key) ?? {
      from: s === 'ds' ? `ds."${table}"` : `"${table}"`,
      columns: [],
    };
    entry.columns.push(c);
    byTable.set(key, entry);
  }
  const parts = [...byTable].map(([key, { from, columns }]) => {
    const row = `(${columns.map((c) => `x."${c}"`).join(', ')})::text`;
    return `select '${key}' as t, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from ${from} x`;
  });
  const rows = rowsOf<{ t: string; h: string }>(
    await db.execute(sql.raw(parts.join(' union all '))),
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}
const changed = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(b).filter((k) => a[k] !== b[k]);
const auditCount = async () =>
  Number(
    (
      (await db.execute(sql`select count(*)::int as n from audit_logs`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0].n,
  );

async function failAudits(on: boolean) {
  if (on) {
    await db.execute(
      sql`create or replace function pw_refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused by the test'; end $$`,
    );
    await db.execute(
      sql`create trigger pw_refuse_audit before insert on audit_logs for each row execute function pw_refuse_audit()`,
    );
  } else {
    await db.execute(sql`drop trigger if exists pw_refuse_audit on audit_logs`);
  }
}

let world: World;
let tokenKey: string;
async function ensureWorld() {
  if (world && (await worldIntact(world))) return;
  world = await buildWorld(t.app);
  tokenKey = (await createToken(t.app, world.members.owner.id, world.teamA.id)).key;
}
beforeAll(ensureWorld, 180_000);

/** Make the route's fixtures (records in team A, a valid body), then return the request to send. */
async function prepare(route: RouteEntry, method: string) {
  await ensureWorld();
  const actingAs = ACTING_AS[route.name];
  const self = actingAs
    ? await actingAs({ world, self: world.members.owner })
    : world.members.owner;
  const c = { world, self };
  const params: Record<string, string> = {};
  let url = route.url;
  for (const p of route.parameters) {
    const fixture = fixtureFor(route.name, p);
    if (!fixture) throw new Error(missingFixtureMessage(route.name, route.url, p));
    params[p] = await fixture(c);
    url = url.replace(new RegExp(`:${p}(\\([^)]*\\))?`), encodeURIComponent(params[p]));
  }
  const valid = VALID_BODIES[route.name];
  const body = (valid ? await valid(c, params) : await bodyFor(route.name, method)?.(c)) ?? {};
  if (route.access.kind === 'api') {
    return () =>
      t.app.inject({
        method: method as 'POST',
        url,
        payload: body,
        headers: { authorization: `Bearer ${tokenKey}`, accept: 'application/json' },
      });
  }
  const multipart = MULTIPART_BODIES[route.name];
  if (multipart) {
    const { payload, headers } = await multipart(c);
    return () => self.client.request(method, url, payload, headers);
  }
  return () => self.client.request(method, url, body);
}

const writes = t.app.ctx.routes
  .all()
  .filter(
    (r) =>
      r.access.kind === 'team' ||
      r.access.kind === 'api' ||
      r.access.kind === 'verified' ||
      r.access.kind === 'auth',
  )
  .flatMap((r) =>
    r.methods.filter((m) => m !== 'GET' && m !== 'HEAD').map((m) => ({ route: r, method: m })),
  )
  .sort((a, b) => a.route.name.localeCompare(b.route.name));

describe('every write audits inside its transaction', () => {
  it('finds the write routes', () => expect(writes.length).toBeGreaterThan(40));

  for (const { route, method } of writes) {
    const pending = NOT_YET_ON_THE_WRITE_PATH[route.name];
    if (pending) continue; // listed with its reason in audit-exemptions.ts (CI allows no skipped test)
    const exempt = notAuditedReason(route.name);
    it(`${method} ${route.name}${exempt ? ' (not audited: ' + exempt + ')' : ''}`, async () => {
      await ensureWorld();
      if (!exempt) {
        const send = await prepare(route, method);
        const before = await snapshot();
        await failAudits(true);
        let res;
        try {
          res = await send();
        } finally {
          await failAudits(false);
        }
        const after = await snapshot();
        expect(
          changed(before, after),
          `with the audit refused, ${route.name} answered ${describeResponse(res)} and still changed these tables`,
        ).toEqual([]);
      }
      const send = await prepare(route, method);
      const audits = await auditCount();
      const res = await send();
      const outcome = classify(res);
      expect(
        ['allowed', 'dashboard'],
        `${route.name} with a valid request answered ${describeResponse(res)}: give it a valid body in test/security/route-fixtures.ts`,
      ).toContain(outcome);
      if (!exempt)
        expect(
          await auditCount(),
          `${route.name} succeeded without writing an audit row`,
        ).toBeGreaterThan(audits);
    }, 180_000);
  }

  it('lists no exemption for a route that does not exist', () => {
    const names = new Set(t.app.ctx.routes.all().map((r) => r.name));
    expect(
      [...Object.keys(NOT_AUDITED), ...Object.keys(NOT_YET_ON_THE_WRITE_PATH)].filter(
        (n) => !names.has(n),
      ),
    ).toEqual([]);
  });
});

const guestWrites = t.app.ctx.routes
  .all()
  .flatMap((r) =>
    r.methods
      .filter((m) =>
        m === 'GET'
          ? GUEST_WRITE_LINKS.includes(r.name)
          : m !== 'HEAD' && (r.access.kind === 'guest' || r.access.kind === 'public'),
      )
      .map((m) => ({ route: r, method: m })),
  )
  .sort((a, b) => a.route.name.localeCompare(b.route.name));

describe('every guest write audits inside its transaction', () => {
  it('finds the guest write routes', () => expect(guestWrites.length).toBeGreaterThanOrEqual(6));

  for (const { route, method } of guestWrites) {
    const exempt = notAuditedReason(route.name);
    it(`${method} ${route.name}${exempt ? ' (not audited: ' + exempt + ')' : ''}`, async () => {
      const make = GUEST_REQUESTS[route.name];
      expect(
        make,
        `${route.name} is a guest write: give it a valid request in GUEST_REQUESTS (test/security/audit-exemptions.ts)`,
      ).toBeDefined();
      if (!exempt) {
        const send = await make(t.app);
        const before = await snapshot();
        await failAudits(true);
        let res;
        try {
          res = await send();
        } finally {
          await failAudits(false);
        }
        const after = await snapshot();
        expect(
          changed(before, after),
          `with the audit refused, ${route.name} answered ${describeResponse(res)} and still changed these tables`,
        ).toEqual([]);
      }
      const send = await make(t.app);
      const audits = await auditCount();
      const res = await send();
      // a guest write ends on the page it leads to: the dashboard, the sign-in page, or its own form
      expect(
        ['allowed', 'dashboard', 'login'],
        `${route.name} with a valid request answered ${describeResponse(res)}`,
      ).toContain(classify(res));
      if (!exempt)
        expect(
          await auditCount(),
          `${route.name} succeeded without writing an audit row`,
        ).toBeGreaterThan(audits);
    }, 180_000);
  }

  it('has a request for no guest route that does not exist', () => {
    const names = new Set(guestWrites.map((w) => w.route.name));
    expect(Object.keys(GUEST_REQUESTS).filter((n) => !names.has(n))).toEqual([]);
  });
});
