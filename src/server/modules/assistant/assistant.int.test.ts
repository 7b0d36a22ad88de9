import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { teamSettings } from '../settings/settings.tables.js';
import { metrics } from '../metrics/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import type {
  ChanakyaPanelData,
  ChanakyaIndexProps,
  Citation,
  StreamEvent,
} from '../../../shared/assistant/assistant.js';
import { assistantWorld } from './assistant.test-support.js';
import { assistantConversations } from './assistant.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const w = await assistantWorld(t.app, team.id, user.id);
  return { user, client, team, ...w };
}

const ACCEPT = { accept: 'application/x-ndjson, application/json' };

/** Asks and reads the streamed NDJSON answer. */
async function ask(
  client: TestClient,
  question: string,
  conversationId?: string,
  problemId?: string,
) {
  // as the page's fetch sends it: not an Inertia visit
  const res = await client.request(
    'POST',
    '/chanakya/ask',
    { question, conversationId, ...(problemId ? { problemId } : {}) },
    ACCEPT,
    false,
  );
  const events =
    res.statusCode === 200
      ? res.body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as StreamEvent)
      : [];
  const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
  const citations = events.flatMap((e) => (e.type === 'citations' ? e.citations : []));
  const conversation = events.find((e) => e.type === 'conversation');
  return { res, events, text, citations, conversationId: conversation?.id };
}

describe('Chanakya, offline engine', () => {
  it('answers the questions it understands with templates citing the records, and keeps the conversation', async () => {
    const s = await setup();
    const a = await ask(s.client, 'Which outcomes have no metric?');
    expect(a.res.statusCode, a.res.body).toBe(200);
    expect(a.res.headers['content-type']).toContain('application/x-ndjson');
    expect(a.events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(a.text).toContain('1 outcome has no metric');
    expect(a.text).toContain('Parents value schooling (problem: Girls drop out) [1]');
    expect(a.text).not.toContain('More girls pass exams');
    expect(a.citations).toEqual([
      {
        kind: 'element',
        id: s.bare.id,
        label: 'Parents value schooling',
        href: `/elements/${s.bare.id}`,
      },
    ]);
    expect(a.events.at(-1)?.type).toBe('done');

    const status = await ask(
      s.client,
      'How is girls passing doing against target in Q2?',
      a.conversationId,
    );
    // Q2: Female 30 + Male 22 = 52; target 60, baseline 40: (52-40)/(60-40) = 60% -> at risk
    expect(status.text).toBe(
      '“Girls passing” [1] in Q2 2026: At risk. Actual 52, target 60, baseline 40. 60% of the way from the baseline to the target.',
    );
    expect(status.citations).toEqual([
      expect.objectContaining({
        kind: 'metric',
        id: s.passing.id,
        href: `/metrics/${s.passing.id}`,
      }),
    ]);
    expect(status.conversationId).toBe(a.conversationId);

    const quotes = await ask(
      s.client,
      'What do girls say about distance to school?',
      a.conversationId,
    );
    expect(quotes.text).toMatch(
      /^1 open answer from female respondents mentions “distance to school”:/,
    );
    expect(quotes.text).toContain('«distance» to «school»');
    expect(quotes.text).toContain('School survey, response #1, Baseline');
    expect(quotes.text).not.toContain('bicycle'); // a boy's answer
    expect(quotes.text).not.toContain('secret'); // a deleted answer
    expect(quotes.citations).toEqual([
      expect.objectContaining({
        kind: 'response',
        id: s.form.id,
        href: `/forms/${s.form.id}/responses`,
      }),
    ]);
    expect(quotes.citations[0].quote).toContain('walk two hours');

    const everyone = await ask(s.client, 'what do respondents say about distance to school');
    expect(everyone.text).toContain('2 open answers mention “distance to school”');
    expect(everyone.text).toContain('bicycle');

    const counts = await ask(s.client, 'How many responses per form and wave?');
    expect(counts.text).toBe(
      'Responses received (deleted ones not counted):\n1. School survey [1]: 3 responses (Baseline: 2, Endline: 1)',
    );
    const list = await ask(s.client, 'List metrics about passing');
    expect(list.text).toBe('1 metrics matching “passing”:\n1. Girls passing [1]');

    const page = await s.client.page(`/chanakya/${a.conversationId}`);
    expect(page.component).toBe('chanakya/index');
    const props = page.props as unknown as ChanakyaIndexProps;
    expect(props.engine).toBe('offline');
    expect(props.conversation!.title).toBe('Which outcomes have no metric?');
    expect(props.conversation!.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(props.conversation!.messages[3].citations[0].id).toBe(s.passing.id);
    expect(props.conversations).toHaveLength(4);
    const audit = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.subjectId, a.conversationId!),
          eq(auditLogs.action, 'assistant.question_answered'),
        ),
      );
    expect(audit).toHaveLength(3);
    expect(audit[0].details).toMatchObject({ engine: 'offline' });
  });

  it('says plainly what it can answer when no intent matches, citing nothing', async () => {
    const s = await setup();
    const a = await ask(s.client, 'Write me a donor report about our success');
    expect(a.text).toMatch(/^I can only answer questions that match one of my tools/);
    expect(a.text).toContain('• What do girls say about distance to school?');
    expect(a.citations).toEqual([]);
  });

  it('never shows another team’s records, even when asked for them by name', async () => {
    const a = await setup();
    const b = await setup(); // same names, same answers: only ids tell them apart
    const bIds = new Set([
      b.bare.id,
      b.passing.id,
      b.sessions.id,
      b.form.id,
      b.outcome.id,
      b.problem.id,
    ]);
    const aIds = new Set([
      a.bare.id,
      a.passing.id,
      a.sessions.id,
      a.form.id,
      a.outcome.id,
      a.problem.id,
    ]);
    const questions = [
      'Which outcomes have no metric?',
      'How is girls passing doing in Q2?',
      'What do girls say about distance to school?',
      'How many responses per form and wave?',
      'List metrics about passing',
      'Which problems do we have?',
      'Find forms named school',
    ];
    for (const q of questions) {
      const r = await ask(a.client, q);
      expect(r.citations.length, q).toBeGreaterThan(0);
      for (const c of r.citations as Citation[]) {
        expect(bIds.has(c.id), `${q}: ${c.href}`).toBe(false);
        expect(aIds.has(c.id), `${q}: ${c.href}`).toBe(true);
      }
    }
    // a metric only team B has stays invisible to team A
    await t.app.ctx.db
      .update(metrics)
      .set({ name: 'Zebra crossings built' })
      .where(eq(metrics.id, b.sessions.id));
    const zebra = await ask(a.client, 'How is zebra crossings built doing?');
    expect(zebra.text).toContain('I found no metric of your team named like');
    expect(zebra.citations).toEqual([]);
    const none = await ask(a.client, 'List metrics about zebra');
    expect(none.text).toBe('Your team has no metrics matching “zebra”.');
  });

  it('keeps conversations per user: another member or team gets 404; the owner deletes it', async () => {
    const s = await setup();
    const first = await ask(s.client, 'Which outcomes have no metric?');
    const id = first.conversationId!;
    const colleague = await signedInUser(t.app);
    await addMember(t.app, s.team.id, colleague.user.id, 'admin');
    const outsider = await setup();
    for (const c of [colleague.client, outsider.client]) {
      expect((await c.get(`/chanakya/${id}`)).statusCode).toBe(404);
      expect((await c.delete(`/chanakya/${id}`)).statusCode).toBe(404);
      const r = await ask(c, 'Which outcomes have no metric?', id);
      expect(r.res.statusCode).toBe(404);
    }
    const colleagueList = (await colleague.client.page('/chanakya'))
      .props as unknown as ChanakyaIndexProps;
    expect(colleagueList.conversations.map((c) => c.id)).not.toContain(id);

    const del = await s.client.delete(`/chanakya/${id}`);
    expect(del.statusCode).toBe(303);
    expect(del.headers.location).toBe('/chanakya');
    expect(
      await t.app.ctx.db
        .select()
        .from(assistantConversations)
        .where(eq(assistantConversations.id, id)),
    ).toEqual([]);
    const audit = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'assistant.conversation_deleted')),
      );
    expect(audit).toHaveLength(1);
  });

  it('refuses an empty question on the field, and answers 403 while the team has the assistant off', async () => {
    const s = await setup();
    const empty = await ask(s.client, '   ');
    expect(empty.res.statusCode).toBe(422);
    expect(JSON.parse(empty.res.body).errors.question).toBe('Type a question.');
    await t.app.ctx.db
      .insert(teamSettings)
      .values({ teamId: s.team.id, features: { assistant: false } });
    expect((await s.client.get('/chanakya')).statusCode).toBe(403);
    expect((await ask(s.client, 'Which outcomes have no metric?')).res.statusCode).toBe(403);
  });
});

describe('Chanakya beside a problem (the side panel)', () => {
  it('answers about that problem only, keeps the conversation with it, and reopens it', async () => {
    const s = await setup();
    const db = t.app.ctx.db;
    const [other] = await db
      .insert(problems)
      .values({ teamId: s.team.id, projectId: s.project.id, title: 'Boys leave for work' })
      .returning();
    await db.insert(tocElements).values({
      teamId: s.team.id,
      problemId: other.id,
      kind: 'outcome',
      title: 'Families keep boys in school',
      horizon: 'short',
    });
    // the team-wide question sees both problems' outcomes
    expect((await ask(s.client, 'Which outcomes have no metric?')).text).toContain(
      'Families keep boys in school',
    );

    const panel = async (problemId: string) => {
      const res = await s.client.request(
        'GET',
        `/problems/${problemId}/chanakya`,
        undefined,
        {
          accept: 'application/json',
        },
        false,
      );
      return { res, data: res.statusCode === 200 ? (res.json() as ChanakyaPanelData) : null };
    };
    expect((await panel(s.problem.id)).data).toMatchObject({
      problem: { id: s.problem.id, title: 'Girls drop out' },
      conversation: null,
    });

    const a = await ask(s.client, 'Which outcomes have no metric?', undefined, s.problem.id);
    expect(a.text).toContain('Parents value schooling');
    expect(a.text).not.toContain('Families keep boys in school');
    expect(a.citations.map((c) => c.label)).toEqual(['Parents value schooling']);
    const [row] = await db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.id, a.conversationId!));
    expect(row.problemId).toBe(s.problem.id);

    // the follow-up in that conversation keeps the problem's scope (no problemId sent)
    const b = await ask(s.client, 'List problems', a.conversationId);
    expect(b.text).toContain('Girls drop out');
    expect(b.text).not.toContain('Boys leave for work');
    const again = (await panel(s.problem.id)).data!;
    expect(again.conversation?.id).toBe(a.conversationId);
    expect(again.conversation?.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(again.conversation?.messages[1].citations[0].label).toBe('Parents value schooling');
    // the other problem has no conversation yet
    expect((await panel(other.id)).data?.conversation).toBeNull();

    // another team's problem: 404 for the panel and the question
    const outsider = await setup();
    expect((await panel(outsider.problem.id)).res.statusCode).toBe(404);
    const refused = await ask(
      s.client,
      'Which outcomes have no metric?',
      undefined,
      outsider.problem.id,
    );
    expect(refused.res.statusCode).toBe(404);
    expect((await ask(s.client, 'x', undefined, 'not-a-uuid')).res.statusCode).toBe(422);
  });
});
