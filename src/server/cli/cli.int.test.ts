import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../test/helpers/app.js';
import { buildApp } from '../app.js';
import type { Database } from '../platform/db/client.js';
import { accounts, teamMembers, teams, users } from '../platform/auth/auth.tables.js';
import { mailOutbox } from '../platform/mail/mail.tables.js';
import { runCli } from './run.js';
import { DEMO } from './commands/db-seed.js';
import { projects } from '../modules/projects/projects.tables.js';
import { problems } from '../modules/problems/problems.tables.js';
import { SHIPPED_LIBRARY } from '../modules/libraries/index.js';
import { metricSeries } from '../modules/metrics/index.js';
import { metrics, metricValues } from '../modules/metrics/metrics.tables.js';
import { comments } from '../modules/comments/comments.tables.js';
import { recentTeamActivity } from '../modules/core/dashboard.queries.js';
import { API_TOKENS_MODULE, parseAbilities, plainToken } from './commands/token-create.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { NODE_ENV: 'test', APP_KEY: TEST_APP_KEY, APP_URL: 'http://localhost:3000' },
    build: { database, migrate: false },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const userByEmail = async (email: string) =>
  (await database.db.select().from(users).where(eq(users.email, email)))[0];
const teamByName = async (name: string) =>
  database.db.select().from(teams).where(eq(teams.name, name));
const membership = async (teamId: string, userId: string) =>
  (
    await database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)))
  )[0];

describe('help and usage', () => {
  it('--help lists every command and exits 0; no command prints help and exits 2', async () => {
    const h = await cli('--help');
    expect(h.code).toBe(0);
    for (const c of ['user:create', 'token:create', 'db:migrate', 'db:seed', 'mail:outbox'])
      expect(h.out).toContain(c);
    expect((await cli()).code).toBe(2);
  });

  it('a command --help shows its usage', async () => {
    const h = await cli('user:create', '--help');
    expect(h.code).toBe(0);
    expect(h.out).toContain(
      '--email <email> --password <password> --name <name> [--team <team name>]',
    );
  });

  it('an unknown command, an unknown option or a missing option exits 2 with a clear message', async () => {
    const a = await cli('users:make');
    expect(a.code).toBe(2);
    expect(a.err).toContain("Unknown command 'users:make'");
    const b = await cli('user:create', '--email', 'x@example.org', '--shoe-size', '9');
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/Unknown option '--shoe-size'/);
    const c = await cli('user:create', '--email', 'x@example.org', '--name', 'X');
    expect(c.code).toBe(2);
    expect(c.err).toContain('--password is required.');
    expect(c.err).toContain('Usage: npm run cli -- user:create');
  });
});

describe('user:create', () => {
  it('creates a verified user through sign-up who can sign in with the password', async () => {
    const r = await cli(
      'user:create',
      '--email',
      'ada@example.org',
      '--password',
      'analytical-engine',
      '--name',
      'Ada Lovelace',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Created verified user ada@example.org');
    const u = await userByEmail('ada@example.org');
    expect(u).toMatchObject({ name: 'Ada Lovelace', emailVerified: true });
    const [acct] = await database.db.select().from(accounts).where(eq(accounts.userId, u.id));
    expect(acct.providerId).toBe('credential');
    expect(acct.password).not.toContain('analytical-engine');
    // no verification mail for an operator-created user
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.org')),
    ).toHaveLength(0);
    const app = await buildApp({
      database,
      migrate: false,
      logger: false,
      env: { NODE_ENV: 'test' },
      config: { appKey: TEST_APP_KEY },
      assets: { version: 't', dev: false, headTags: '' },
    });
    try {
      const s = await app.ctx.auth.api.signInEmail({
        body: { email: 'ada@example.org', password: 'analytical-engine' },
      });
      expect(s.user.id).toBe(u.id);
    } finally {
      await app.close();
    }
  });

  it('with --team creates the team with the user as owner and makes it current; a second user joins it as owner', async () => {
    const r = await cli(
      'user:create',
      '--email',
      'grace@example.org',
      '--password',
      'cobol-compiler',
      '--name',
      'Grace',
      '--team',
      'Navy Labs',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain("Created team 'Navy Labs'");
    const grace = await userByEmail('grace@example.org');
    const [team] = await teamByName('Navy Labs');
    expect(team).toMatchObject({ personal: false, ownerId: grace.id, slug: 'navy-labs' });
    expect((await membership(team.id, grace.id)).role).toBe('owner');
    expect(grace.currentTeamId).toBe(team.id);

    const r2 = await cli(
      'user:create',
      '--email',
      'alan@example.org',
      '--password',
      'enigma-machine',
      '--name',
      'Alan',
      '--team',
      'navy labs',
    );
    expect(r2.code).toBe(0);
    expect(r2.out).toContain("Added alan@example.org to team 'navy labs'");
    expect(await teamByName('Navy Labs')).toHaveLength(1);
    const alan = await userByEmail('alan@example.org');
    expect((await membership(team.id, alan.id)).role).toBe('owner');
    expect(alan.currentTeamId).toBe(team.id);
  });

  it('refuses an existing email, a short password and a bad email with exit codes 1, 2, 2', async () => {
    const dup = await cli(
      'user:create',
      '--email',
      'ada@example.org',
      '--password',
      'whatever-long',
      '--name',
      'Ada 2',
    );
    expect(dup.code).toBe(1);
    expect(dup.err).toBe('A user with the email ada@example.org already exists.');
    const short = await cli(
      'user:create',
      '--email',
      'new@example.org',
      '--password',
      'short',
      '--name',
      'N',
    );
    expect(short.code).toBe(2);
    expect(short.err).toBe('The password must be at least 8 characters.');
    const bad = await cli(
      'user:create',
      '--email',
      'not-an-email',
      '--password',
      'long-enough',
      '--name',
      'N',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('is not a valid email address');
    expect(await userByEmail('new@example.org')).toBeUndefined();
  });
});

describe('db:seed', () => {
  it('creates the demo team and verified demo user, prints the credentials, and is idempotent', async () => {
    const first = await cli('db:seed');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`email:    ${DEMO.email}`);
    expect(first.out).toContain(`password: ${DEMO.password}`);
    const second = await cli('db:seed');
    expect(second.code).toBe(0);
    expect(second.out).toContain('already exists');
    const demo = await userByEmail(DEMO.email);
    expect(demo.emailVerified).toBe(true);
    const t = await teamByName('Demo Foundation');
    expect(t).toHaveLength(1);
    expect((await membership(t[0].id, demo.id)).role).toBe('owner');
    expect(demo.currentTeamId).toBe(t[0].id);
    expect(await database.db.select().from(users).where(eq(users.email, DEMO.email))).toHaveLength(
      1,
    );
    // one demo project holding a copy of the first library problem, not a second one on the second run
    expect(first.out).toContain(`Created project '${DEMO.project}'`);
    expect(second.out).toContain(`Project '${DEMO.project}' already exists.`);
    const demoProjects = await database.db
      .select()
      .from(projects)
      .where(eq(projects.teamId, t[0].id));
    expect(demoProjects.map((p) => p.name)).toEqual([DEMO.project]);
    const copied = await database.db
      .select()
      .from(problems)
      .where(eq(problems.projectId, demoProjects[0].id));
    expect(copied).toHaveLength(1);
    expect(copied[0].libraryItemId).toBe(SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!.slug);
  });
});

describe('db:seed demo activity', () => {
  it('gives every demo metric a year of values with targets and a disaggregation, comments and dashboard activity, once', async () => {
    await cli('db:seed');
    const [team] = await teamByName('Demo Foundation');
    const [project] = await database.db.select().from(projects).where(eq(projects.teamId, team.id));
    const rows = await database.db
      .select({ id: metrics.id, name: metrics.name })
      .from(metrics)
      .innerJoin(problems, eq(problems.id, metrics.problemId))
      .where(eq(problems.projectId, project.id));
    expect(rows.length).toBeGreaterThan(3);
    const ctx = { db: database.db };
    for (const m of rows) {
      const s = await metricSeries(ctx, team.id, m.id);
      expect(s.metric.baselineValue, m.name).not.toBeNull();
      expect(s.points.length, m.name).toBeGreaterThanOrEqual(4);
      expect(
        s.points.every((p) => p.actual !== null && p.target !== null),
        m.name,
      ).toBe(true);
      expect(s.categories.length, m.name).toBeGreaterThanOrEqual(2);
      expect(
        s.categories.every((c) => c.points.some((p) => p.actual !== null)),
        m.name,
      ).toBe(true);
    }
    const activity = await recentTeamActivity(database.db, team.id);
    expect(activity.length).toBe(10);
    expect(activity.map((a) => a.action)).toContain('metric_value.created');
    expect(
      (await database.db.select().from(comments).where(eq(comments.teamId, team.id))).length,
    ).toBeGreaterThanOrEqual(3);
    // seeding again adds nothing
    const count = async () =>
      (
        await database.db
          .select({ id: metricValues.id })
          .from(metricValues)
          .where(eq(metricValues.teamId, team.id))
      ).length;
    const before = await count();
    expect(before).toBeGreaterThan(50);
    const again = await cli('db:seed');
    expect(again.out).toContain('The demo metrics already have values.');
    expect(await count()).toBe(before);
    expect(
      (await database.db.select().from(comments).where(eq(comments.teamId, team.id))).length,
    ).toBe(3);
  });
});

describe('db:migrate', () => {
  it('reports an up-to-date database', async () => {
    const r = await cli('db:migrate');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Nothing to migrate: .* is up to date \(\d+ migration\(s\)\)/);
  });
});

describe('mail:outbox', () => {
  it('prints the latest messages with their links, filtered by --to and limited by --limit', async () => {
    await database.db.insert(mailOutbox).values([
      {
        to: 'reader@example.org',
        subject: 'Verify your email address',
        text: 'Hi,\nhttp://localhost:3000/verify-email/abc.def\n',
        status: 'kept',
        createdAt: new Date(Date.now() - 2000),
      },
      {
        to: 'reader@example.org',
        subject: 'Reset your password',
        text: 'Here: http://localhost:3000/reset-password/tok?email=reader%40example.org',
        status: 'kept',
        createdAt: new Date(Date.now() - 1000),
      },
      {
        to: 'other@example.org',
        subject: 'Team invitation',
        text: 'Join: http://localhost:3000/team-invitations/1',
        status: 'kept',
      },
    ]);
    const r = await cli('mail:outbox', '--to', 'Reader@Example.org');
    expect(r.code).toBe(0);
    expect(r.out).toContain('MAIL_HOST is not set');
    expect(r.out).toContain('Link: http://localhost:3000/verify-email/abc.def');
    expect(r.out).toContain(
      'Link: http://localhost:3000/reset-password/tok?email=reader%40example.org',
    );
    expect(r.out).not.toContain('team-invitations');
    expect(r.out.indexOf('Reset your password')).toBeLessThan(
      r.out.indexOf('Verify your email address'),
    );
    const one = await cli('mail:outbox', '--limit', '1');
    expect(one.out).toContain('Team invitation');
    expect(one.out).not.toContain('Reset your password');
    expect((await cli('mail:outbox', '--to', 'nobody@example.org')).out).toBe(
      'No mail to nobody@example.org in the outbox.',
    );
    expect((await cli('mail:outbox', '--limit', 'lots')).code).toBe(2);
  });
});

describe('token:create', () => {
  it('validates abilities', async () => {
    expect(parseAbilities('read, Create,read')).toEqual(['read', 'create']);
    const r = await cli(
      'token:create',
      '--email',
      'ada@example.org',
      '--name',
      'ci',
      '--abilities',
      'read,fly',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain("Unknown ability 'fly': use read, create, update, delete.");
    expect(plainToken({ plainTextToken: 'pw_abc' })).toBe('pw_abc');
    expect(plainToken('pw_xyz')).toBe('pw_xyz');
  });

  it('creates a token through the API tokens module and prints it once (or says the module is missing)', async () => {
    const installed = existsSync(fileURLToPath(API_TOKENS_MODULE).replace(/\.js$/, '.ts'));
    const r = await cli(
      'token:create',
      '--email',
      'grace@example.org',
      '--name',
      'deploy',
      '--abilities',
      'read,update',
    );
    if (!installed) {
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        'token:create needs the API tokens module (src/server/modules/api-tokens), which this build does not include.',
      );
      return;
    }
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const token = r.out.trim().split('\n').at(-1)!;
    expect(r.out).toContain("in team 'Navy Labs' (abilities: read, update)");
    const app = await buildApp({
      database,
      migrate: false,
      logger: false,
      env: { NODE_ENV: 'test' },
      config: { appKey: TEST_APP_KEY },
      assets: { version: 't', dev: false, headTags: '' },
    });
    try {
      const v = await app.ctx.auth.api.verifyApiKey({ body: { key: token } });
      expect(v.valid).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('refuses an unknown user', async () => {
    const installed = existsSync(fileURLToPath(API_TOKENS_MODULE).replace(/\.js$/, '.ts'));
    const r = await cli('token:create', '--email', 'ghost@example.org', '--name', 'x');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      installed
        ? 'No user with the email ghost@example.org.'
        : 'token:create needs the API tokens module (src/server/modules/api-tokens), which this build does not include.',
    );
  });
});

describe('mail:outbox in embedded mode', () => {
  it('reads the file copies in DATA_DIR/mail-outbox, even while a server holds the database', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { writeOutboxFile } = await import('../platform/mail/outbox-files.js');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-outbox-'));
    // a live process (our parent) holds the data dir, as a running server would
    writeFileSync(path.join(dataDir, 'pathways.lock'), String(process.ppid));
    writeOutboxFile(
      dataDir,
      {
        to: 'ada@example.org',
        subject: 'Verify your email address for Pathways',
        text: 'Open http://localhost:3000/verify-email/tok.sig to verify.',
      },
      new Date(Date.now() - 1000),
    );
    writeOutboxFile(dataDir, {
      to: 'bob@example.org',
      subject: 'Reset your password',
      text: 'http://localhost:3000/reset-password/r1',
    });
    const out: string[] = [];
    const code = await runCli(['mail:outbox', '--to', 'ada@example.org'], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      env: { NODE_ENV: 'test', APP_KEY: TEST_APP_KEY, DATA_DIR: dataDir },
    });
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Link: http://localhost:3000/verify-email/tok.sig');
    expect(text).not.toContain('reset-password');
  });
});
