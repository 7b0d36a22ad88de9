import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { buildApp } from '../../app.js';
import { openDatabase, migrateDatabase } from '../db/client.js';
import { createServerDatabase, postgresServerUrl } from '../../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { createApiToken } from '../../modules/api-tokens/index.js';
import {
  insertMetric,
  ownerWithProject,
  smallChain,
} from '../../modules/problems/problems.test-support.js';

/*
 * API list pages are cached between requests (list-cache.ts), per team content version bumped by
 * database triggers (migration 0006). Whatever changes what a list reads must be seen by the very
 * next list read: a page route, the API, plain SQL. Each case first proves the page was served
 * from the cache.
 */

async function teamWithContent(app: FastifyInstance) {
  const o = await ownerWithProject(app);
  const chain = await smallChain(app, o.team.id, o.project.id);
  const { metric, dataPoint } = await insertMetric(app, {
    ...chain.output,
    problemId: chain.problem.id,
  });
  await app.ctx.db.execute(
    sql`insert into survey_questions (team_id, problem_id, data_point_id, text) values (${o.team.id}, ${chain.problem.id}, ${dataPoint.id}, 'How many girls?')`,
  );
  const token = (
    await createApiToken(app.ctx, {
      userId: o.user.id,
      teamId: o.team.id,
      name: 'list cache',
      abilities: ['read', 'create', 'update', 'delete'],
    })
  ).plainText;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  const p = chain.problem.id;
  const lists = {
    projects: '/api/v1/projects?status=all',
    problems: `/api/v1/problems?projectId=${o.project.id}`,
    elements: `/api/v1/elements?problemId=${p}&perPage=2&page=2`,
    links: `/api/v1/links?problemId=${p}`,
    metrics: `/api/v1/metrics?problemId=${p}`,
    dataPoints: `/api/v1/data-points?problemId=${p}`,
    questions: `/api/v1/survey-questions?problemId=${p}`,
    values: `/api/v1/metric-values?metricId=${metric.id}`,
  };
  return { ...o, chain, metric, dataPoint, token, call, lists };
}
type Team = Awaited<ReturnType<typeof teamWithContent>>;

/** read twice: the second read is a cache hit with the same answer as the first (a fill) */
async function cachedList(app: FastifyInstance, team: Team, url: string) {
  const first = await team.call('GET', url);
  expect(first.statusCode).toBe(200);
  const hits = app.ctx.listCache.hits;
  const second = await team.call('GET', url);
  expect(app.ctx.listCache.hits).toBe(hits + 1);
  expect(second.statusCode).toBe(200);
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toBe(first.headers['content-type']);
  return second.json() as { data: Array<Record<string, unknown>> };
}

describe('the API list cache', () => {
  let t: TestApp;
  let a: Team;
  let b: Team;
  beforeAll(async () => {
    t = await createTestApp();
    a = await teamWithContent(t.app);
    b = await teamWithContent(t.app);
  });
  afterAll(() => t.close());

  it('answers a cached list with the body an uncached read gives', async () => {
    for (const url of Object.values(a.lists)) {
      const body = await cachedList(t.app, a, url);
      t.app.ctx.listCache.clear();
      const fresh = await a.call('GET', url);
      expect(fresh.json()).toEqual(body);
    }
  });

  it('the same query with its parameters reordered is one entry', async () => {
    await cachedList(t.app, a, `/api/v1/elements?problemId=${a.chain.problem.id}&perPage=3`);
    const hits = t.app.ctx.listCache.hits;
    await a.call('GET', `/api/v1/elements?perPage=3&problemId=${a.chain.problem.id}`);
    expect(t.app.ctx.listCache.hits).toBe(hits + 1);
  });

  // one write in plain SQL per table the lists read, and the list it must change
  const writes: Array<[keyof Team['lists'], string, (x: Team) => ReturnType<typeof sql>]> = [
    [
      'projects',
      'name',
      (x) => sql`update projects set name = 'Renamed' where id = ${x.project.id}`,
    ],
    [
      'problems',
      'title',
      (x) => sql`update problems set title = 'Renamed' where id = ${x.chain.problem.id}`,
    ],
    [
      'elements',
      'title',
      (x) =>
        sql`update toc_elements set title = 'Renamed' where problem_id = ${x.chain.problem.id}`,
    ],
    [
      'links',
      'fromId',
      (x) =>
        sql`update toc_links set from_id = ${x.chain.activity.id} where problem_id = ${x.chain.problem.id}`,
    ],
    ['metrics', 'name', (x) => sql`update metrics set name = 'Renamed' where id = ${x.metric.id}`],
    [
      'dataPoints',
      'name',
      (x) => sql`update data_points set name = 'Renamed' where id = ${x.dataPoint.id}`,
    ],
    [
      'questions',
      'text',
      (x) =>
        sql`update survey_questions set text = 'Renamed' where data_point_id = ${x.dataPoint.id}`,
    ],
    [
      'values',
      'period',
      (x) => sql`update metric_values set period = 'Renamed' where metric_id = ${x.metric.id}`,
    ],
  ];
  for (const [list, field, write] of writes)
    it(`a write to what ${list} lists, in plain SQL, is seen by the next read; another team's page stays cached`, async () => {
      const before = await cachedList(t.app, a, a.lists[list]);
      expect(
        before.data.every((r) => r[field] === 'Renamed' || r[field] === a.chain.activity.id),
      ).toBe(false);
      await cachedList(t.app, b, b.lists[list]);
      await t.app.ctx.db.execute(write(a));
      const after = (await a.call('GET', a.lists[list])).json() as typeof before;
      expect(after.data.length).toBeGreaterThan(0);
      expect(
        after.data.every((r) => r[field] === 'Renamed' || r[field] === a.chain.activity.id),
      ).toBe(true);
      // team B's page was not evicted, and is still B's own
      const hits = t.app.ctx.listCache.hits;
      const bPage = (await b.call('GET', b.lists[list])).json() as typeof before;
      expect(t.app.ctx.listCache.hits).toBe(hits + 1);
      expect(bPage.data.some((r) => r[field] === 'Renamed')).toBe(false);
    });

  it('a write through a page route is seen by the next list read', async () => {
    await cachedList(t.app, a, a.lists.problems);
    const res = await a.client.put(`/problems/${a.chain.problem.id}`, {
      title: 'Edited on the page',
    });
    expect(res.statusCode).toBe(303);
    const after = (await a.call('GET', a.lists.problems)).json() as {
      data: Array<{ title: string }>;
    };
    expect(after.data.map((r) => r.title)).toContain('Edited on the page');
  });

  it('a write through the API is seen by the next list read', async () => {
    const before = await cachedList(t.app, a, a.lists.problems);
    const created = await a.call('POST', '/api/v1/problems', {
      projectId: a.project.id,
      title: 'Created through the API',
    });
    expect(created.statusCode).toBe(201);
    const after = (await a.call('GET', a.lists.problems)).json() as typeof before;
    expect(after.data.length).toBe(before.data.length + 1);
  });

  it('a token of team A never gets team B’s cached page', async () => {
    // the same route and query string for both teams
    const bPage = await cachedList(t.app, b, '/api/v1/projects?status=all');
    const aPage = (await a.call('GET', '/api/v1/projects?status=all')).json() as typeof bPage;
    expect(aPage.data.map((r) => r.id)).toEqual([a.project.id]);
    expect(bPage.data.map((r) => r.id)).toEqual([b.project.id]);
    // B's problem asked with A's token: not found, whatever B's token has cached
    await cachedList(t.app, b, b.lists.links);
    expect((await a.call('GET', b.lists.links)).statusCode).toBe(404);
  });
});

const serverUrl = postgresServerUrl();
if (!serverUrl)
  console.log(
    'list-cache: the PostgreSQL cases are skipped (set TEST_DATABASE_URL or PG_SERVER_URL).',
  );

describe.skipIf(!serverUrl)('the API list cache on PostgreSQL', () => {
  let app: FastifyInstance;
  let url: string;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  let a: Team;
  beforeAll(async () => {
    const created = await createServerDatabase(
      serverUrl!,
      'pw_test',
      process.env.PG_TEMPLATE_DATABASE,
    );
    url = created.url;
    drop = created.drop;
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    if (!process.env.PG_TEMPLATE_DATABASE) await migrateDatabase(database);
    app = await buildApp({
      database,
      migrate: false,
      logger: false,
      env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
      config: { appKey: TEST_APP_KEY },
      assets: { version: 'test', dev: false, headTags: '' },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
    a = await teamWithContent(app);
  });
  afterAll(async () => {
    await close?.();
    await drop?.();
  });

  it('this process’s own write is seen by the very next read', async () => {
    await cachedList(app, a, a.lists.metrics);
    await app.ctx.db.execute(sql`update metrics set name = 'Own write' where id = ${a.metric.id}`);
    const after = (await a.call('GET', a.lists.metrics)).json() as {
      data: Array<{ name: string }>;
    };
    expect(after.data.map((r) => r.name)).toEqual(['Own write']);
  });

  it('another process’s write reaches the cache through the listener', async () => {
    await cachedList(app, a, a.lists.values);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(`update metric_values set period = 'Other process' where metric_id = $1`, [
        a.metric.id,
      ]);
    } finally {
      await other.end();
    }
    await expect
      .poll(
        async () =>
          ((await a.call('GET', a.lists.values)).json() as { data: Array<{ period: string }> })
            .data[0]?.period,
      )
      .toBe('Other process');
  });

  it('is off while the listener is down, and on again once it is back', async () => {
    await cachedList(app, a, a.lists.links);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => app.ctx.listCache.enabled).toBe(false);
    expect(app.ctx.listCache.size).toBe(0);
    // nothing is served or stored while it is off
    const hits = app.ctx.listCache.hits;
    await a.call('GET', a.lists.links);
    await a.call('GET', a.lists.links);
    expect(app.ctx.listCache.hits).toBe(hits);
    expect(app.ctx.listCache.size).toBe(0);
    await expect.poll(() => app.ctx.listCache.enabled, { timeout: 10_000 }).toBe(true);
    await cachedList(app, a, a.lists.links);
  });
});
