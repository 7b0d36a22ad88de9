import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fakeModelApp } from '../../../../test/helpers/fake-model-app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { teamAiUsage, teamSettings } from '../settings/settings.tables.js';
import { aiRequestsInMonth, countAiRequest } from '../settings/index.js';
import type { ChanakyaIndexProps, StreamEvent } from '../../../shared/assistant/assistant.js';
import { assistantWorld } from './assistant.test-support.js';

const env = fakeModelApp();
beforeEach(() => {
  env.fake.requests.length = 0;
  env.fake.replies = [];
});

async function setup() {
  const { user, client } = await signedInUser(env.t.app);
  const team = await createTeamFor(env.t.app, user.id);
  const w = await assistantWorld(env.t.app, team.id, user.id);
  return { user, client, team, ...w };
}

async function ask(client: TestClient, question: string, conversationId?: string) {
  const res = await client.request(
    'POST',
    '/chanakya/ask',
    { question, conversationId },
    { accept: 'application/x-ndjson, application/json' },
    false,
  );
  const events = res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StreamEvent);
  return {
    res,
    events,
    text: events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join(''),
    citations: events.flatMap((e) => (e.type === 'citations' ? e.citations : [])),
    conversationId: events.find((e) => e.type === 'conversation')?.id,
  };
}

const lastMessages = (i: number) =>
  env.fake.requests[i].body.messages as Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
  }>;

describe('Chanakya, model engine (a local fake chat completions server)', () => {
  it('streams the model’s answer after running the tool it called, with masked personal data and citations', async () => {
    const s = await setup();
    env.fake.replies = [
      {
        toolCalls: [
          { name: 'metric_status', arguments: '{"metric":"girls passing","period":"Q2"}' },
        ],
      },
      {
        text: 'Girls passing is at risk in Q2 2026: 52 against a target of 60 [1]. I told [name 1].',
      },
    ];
    const a = await ask(
      s.client,
      'Amina Yusuf (amina@example.org, +254 712 345 678) asks: how is girls passing doing in Q2?',
    );
    expect(a.res.statusCode, a.res.body).toBe(200);
    expect(a.events.filter((e) => e.type === 'text').length).toBeGreaterThan(3);
    expect(a.text).toBe(
      'Girls passing is at risk in Q2 2026: 52 against a target of 60 [1]. I told Amina Yusuf.',
    );
    expect(a.citations).toEqual([
      expect.objectContaining({
        kind: 'metric',
        id: s.passing.id,
        href: `/metrics/${s.passing.id}`,
      }),
    ]);

    expect(env.fake.requests).toHaveLength(2);
    const first = env.fake.requests[0];
    expect(first.headers.authorization).toBe('Bearer sk-test-key');
    expect(first.body).toMatchObject({ model: 'fake-model', stream: true, tool_choice: 'auto' });
    const toolNames = (first.body.tools as Array<{ function: { name: string } }>).map(
      (x) => x.function.name,
    );
    expect(toolNames).toEqual([
      'outcomes_without_metric',
      'metric_status',
      'find_records',
      'response_counts',
      'search_answers',
    ]);
    const sent = JSON.stringify(env.fake.requests.map((r) => r.body));
    expect(sent).not.toMatch(/Amina|Yusuf|amina@example\.org|712 345/);
    expect(lastMessages(0).at(-1)!.content).toBe(
      '[name 1] ([email 1], [phone 1]) asks: how is girls passing doing in Q2?',
    );
    const toolMessage = lastMessages(1).find((m) => m.role === 'tool')!;
    expect(toolMessage.tool_call_id).toBe('call_0');
    const result = JSON.parse(toolMessage.content!);
    expect(result.data).toMatchObject({
      metric: 'Girls passing',
      actual: 52,
      target: 60,
      status: 'at-risk',
    });
    expect(result.records).toEqual([{ ref: 1, kind: 'metric', label: 'Girls passing' }]);

    const page = (await s.client.page(`/chanakya/${a.conversationId}`))
      .props as unknown as ChanakyaIndexProps;
    expect(page.engine).toBe('model');
    expect(page.conversation!.messages[1]).toMatchObject({ engine: 'model', content: a.text });
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(2);
    const limits = await s.client.page('/settings/limits');
    expect(limits.props.aiRequests).toBe(2);
  });

  it.each([
    [
      'arguments that are not JSON',
      { toolCalls: [{ name: 'metric_status', arguments: '{"metric": girls' }] },
      'The model sent arguments for metric_status that are not valid JSON; its answer was refused.',
    ],
    [
      'a tool that does not exist',
      { toolCalls: [{ name: 'run_sql', arguments: '{"sql":"select * from users"}' }] },
      'The model asked for a tool that does not exist (“run_sql”); its answer was refused.',
    ],
    [
      'arguments that do not fit the tool',
      { toolCalls: [{ name: 'find_records', arguments: '{"kind":"users","words":"x"}' }] },
      'The model sent arguments for find_records that do not fit the tool',
    ],
    [
      'a stream that is not JSON',
      { raw: ['{"choices": [oops'] },
      'The model sent a malformed stream (not JSON); its answer was refused.',
    ],
    ['an error status', { status: 401 }, 'The model service refused the request (HTTP 401).'],
  ] as const)('refuses %s and says so', async (_, reply, message) => {
    const s = await setup();
    env.fake.replies = [reply];
    const a = await ask(s.client, 'Which outcomes have no metric?');
    expect(a.res.statusCode).toBe(200);
    expect(a.text).toContain(message);
    expect(a.citations).toEqual([]);
    expect(env.fake.requests).toHaveLength(1);
    const page = (await s.client.page(`/chanakya/${a.conversationId}`))
      .props as unknown as ChanakyaIndexProps;
    expect(page.conversation!.messages[1].content).toContain(message);
  });

  it('counts model requests per team and month, and refuses at the team’s limit with a clear message', async () => {
    const s = await setup();
    await env.t.app.ctx.db.insert(teamSettings).values({ teamId: s.team.id, aiMonthlyLimit: 3 });
    env.fake.replies = [
      { toolCalls: [{ name: 'outcomes_without_metric', arguments: '{}' }] },
      { text: 'One outcome has no metric: Parents value schooling [1].' },
    ];
    const ok = await ask(s.client, 'Which outcomes have no metric?');
    expect(ok.text).toBe('One outcome has no metric: Parents value schooling [1].');
    expect(ok.citations.map((c) => c.id)).toEqual([s.bare.id]);

    // the third request is allowed, the fourth (same answer's second round) is refused
    env.fake.replies = [
      { toolCalls: [{ name: 'response_counts', arguments: '{}' }] },
      { text: 'never sent' },
    ];
    const stopped = await ask(s.client, 'How many responses per form and wave?', ok.conversationId);
    expect(env.fake.requests).toHaveLength(3);
    const now = new Date();
    const month = now.toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    expect(stopped.text).toBe(
      `Your team has used its 3 AI model requests for ${month} ${now.getUTCFullYear()}, so I cannot ask the model. An admin can raise the limit in Settings (request review limit).`,
    );
    const again = await ask(s.client, 'Which outcomes have no metric?');
    expect(again.text).toContain('Your team has used its 3 AI model requests');
    expect(env.fake.requests).toHaveLength(3);
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, now)).toBe(3);

    // another team's counter is its own
    const other = await setup();
    env.fake.replies = [{ text: 'Hello.' }];
    expect((await ask(other.client, 'hi')).text).toBe('Hello.');
  });

  it('keeps one counter per month and never passes the limit under concurrent requests', async () => {
    const s = await setup();
    await env.t.app.ctx.db.insert(teamSettings).values({ teamId: s.team.id, aiMonthlyLimit: 5 });
    const jan = new Date('2026-01-31T23:59:59Z');
    const feb = new Date('2026-02-01T00:00:00Z');
    const grants = await Promise.all(
      Array.from({ length: 8 }, () => countAiRequest(env.t.app.ctx.db, s.team.id, jan)),
    );
    expect(grants.filter((g) => g.allowed)).toHaveLength(5);
    expect(await countAiRequest(env.t.app.ctx.db, s.team.id, feb)).toEqual({
      allowed: true,
      used: 1,
      limit: 5,
    });
    const rows = await env.t.app.ctx.db
      .select()
      .from(teamAiUsage)
      .where(and(eq(teamAiUsage.teamId, s.team.id)));
    expect(rows.map((r) => [r.month, r.requests]).sort()).toEqual([
      ['2026-01', 5],
      ['2026-02', 1],
    ]);
  });
});
