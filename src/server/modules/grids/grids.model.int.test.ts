import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeModelApp } from '../../../../test/helpers/fake-model-app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { aiRequestsInMonth } from '../settings/index.js';
import { formsTestKit } from '../forms/test-support.js';
import { versionOfJob } from '../datasets/index.js';
import { sourcesWorld, startFileImport } from '../sources/test-support.js';
import type { IntelligentGridProps } from '../../../shared/grids/grids.pages.js';

/** Prompt columns with a model configured: a local fake chat completions server answers. */
const env = fakeModelApp({}, { dataDir: true });
const kit = formsTestKit(() => env.t);
const messages = (i: number) =>
  env.fake.requests[i].body.messages as Array<{ role: string; content: string }>;

const STORIES = [
  'Write to amina@example.org or call +254 712 345 678. The well is far so I walk two hours.',
  'We pay the school fees in March.',
  'Nothing changed for us.',
];

describe('the intelligent grid with a model', () => {
  it('answers prompt cells from the cited answers only, masked, and refuses invented quotes and malformed output', async () => {
    const s = await kit.setup();
    const formId = await kit.newForm(s, { anonymous: true, waves: ['baseline'] });
    await kit.add(s, formId, { key: 'story', type: 'long_text', label: 'Your story' });
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    for (const story of STORIES) {
      const res = await kit.submit(kit.publicClient(), token, {
        id: randomUUID(),
        version: 1,
        wave: 'baseline',
        answers: { story },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await s.client.post(`/forms/${formId}/grids`, {
      name: 'Stories',
      waves: ['baseline'],
      columns: [
        {
          kind: 'prompt',
          title: 'Water',
          prompt: 'What does this person say about water?',
          questions: ['story'],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];

    env.fake.replies = [
      {
        text: JSON.stringify({
          answer: 'They ([email 1]) walk two hours to a far well.',
          citations: [{ answer: 1, quote: 'I walk two hours' }],
        }),
      },
      // a quote that is not in the answer
      {
        text: JSON.stringify({
          answer: 'They pay no fees.',
          citations: [{ answer: 1, quote: 'we pay no fees' }],
        }),
      },
      { text: 'Sure! Here is what they said about water.' },
    ];
    expect((await s.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(env.t.app);
    const p = (await s.client.page(`/grids/${gridId}`)).props as IntelligentGridProps;
    expect(p.engine).toBe('model');
    expect(p.run).toMatchObject({ status: 'done', engine: 'model', total: 3 });
    const [one, two, three] = p.rows.rows.map((r) => r.cells.c1);
    expect(p.rows.rows.map((r) => r.label)).toEqual(['Response #1', 'Response #2', 'Response #3']);

    // what was sent: the question and the numbered answer, personal data masked, JSON asked for
    expect(env.fake.requests).toHaveLength(3);
    const sent = JSON.stringify(env.fake.requests[0].body);
    expect(sent).not.toContain('amina@example.org');
    expect(sent).not.toContain('712 345 678');
    expect(sent).toContain('[email 1]');
    expect(env.fake.requests[0].body.response_format).toEqual({ type: 'json_object' });
    // a form's row is a survey respondent
    expect(messages(0)[0].content).toMatch(/^You answer one question about one survey respondent /);
    const user = messages(0)[1];
    expect(JSON.parse(user.content)).toEqual({
      question: 'What does this person say about water?',
      answers: [
        {
          number: 1,
          question: 'Your story',
          wave: 'baseline',
          answer: 'Write to [email 1] or call [phone 1]. The well is far so I walk two hours.',
        },
      ],
    });

    expect(one.value).toEqual({
      kind: 'prompt',
      engine: 'model',
      status: 'answered',
      text: 'They (amina@example.org) walk two hours to a far well.',
      changes: [],
      deltas: {},
    });
    expect(one.citations).toEqual([
      {
        responseId: p.rows.rows[0].key,
        question: 'story',
        wave: 'baseline',
        quote: 'I walk two hours',
      },
    ]);
    expect(two.value).toMatchObject({
      status: 'refused',
      text: expect.stringContaining('“we pay no fees”, which is not in the answer'),
    });
    expect(two.citations).toEqual([]);
    expect(three.value).toMatchObject({
      status: 'refused',
      text: 'Refused: the model did not answer a JSON object.',
    });
    expect(p.summary.c1[0]).toBe('answered 1 · refused 2 · no data 0');
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(3);

    // a re-run with nothing changed asks the model nothing: every cell is carried over
    expect((await s.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(env.t.app);
    const again = (await s.client.page(`/grids/${gridId}`)).props as IntelligentGridProps;
    expect(again.run).toMatchObject({ status: 'done', reused: 3 });
    expect(env.fake.requests).toHaveLength(3);
    expect(again.rows).toEqual(p.rows);
  });

  it('tells the model a dataset row is a stakeholder’s rows, numbered by row, and cites the row it quotes', async () => {
    env.fake.requests.length = 0;
    const w = await sourcesWorld(env.t.app);
    const csv =
      'household,story\nH1,We fetch water at the far well.\nH2,Fine.\nH1,A tap is near us now.\n';
    const job = await startFileImport(w.client, w.project.id, Buffer.from(csv), 'stories.csv', {
      stakeholderColumn: 0,
    });
    await drainJobs(env.t.app);
    const { datasetId } = await versionOfJob(env.t.app.ctx.db, w.team.id, job.jobId);
    const created = await w.client.post(`/datasets/${datasetId}/grids`, {
      name: 'Water',
      waves: [],
      byStakeholder: true,
      columns: [
        {
          kind: 'prompt',
          title: 'Change',
          prompt: 'How did this household’s water change?',
          questions: ['story'],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];
    env.fake.replies = [
      {
        text: JSON.stringify({
          answer: 'They went from a far well to a tap nearby.',
          citations: [
            { answer: 1, quote: 'far well' },
            { answer: 2, quote: 'A tap is near us' },
          ],
        }),
      },
      { text: JSON.stringify({ answer: 'Fine.', citations: [{ answer: 1, quote: 'Fine' }] }) },
    ];
    expect((await w.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(env.t.app);
    const p = (await w.client.page(`/grids/${gridId}`)).props as IntelligentGridProps;
    expect(p.rows.rows.map((r) => r.label)).toEqual(['H1 · rows 1, 3', 'H2 · row 2']);
    expect(env.fake.requests).toHaveLength(2);
    // H1: a stakeholder's rows, each answer with its column and row number (no survey wording)
    const [system, user] = messages(0);
    expect(system.content).toMatch(/^You answer one question about one stakeholder /);
    expect(system.content).toContain('each with its column and row number, in row order');
    expect(system.content).not.toContain('survey respondent');
    expect(JSON.parse(user.content)).toEqual({
      question: 'How did this household’s water change?',
      answers: [
        { number: 1, column: 'story', row: 1, answer: 'We fetch water at the far well.' },
        { number: 2, column: 'story', row: 3, answer: 'A tap is near us now.' },
      ],
    });
    const h1 = p.rows.rows[0].cells.c1;
    expect(h1.value).toMatchObject({ status: 'answered', engine: 'model' });
    expect(h1.citations).toEqual([
      { responseId: null, row: 1, question: 'story', wave: null, quote: 'far well' },
      { responseId: null, row: 3, question: 'story', wave: null, quote: 'A tap is near us' },
    ]);
  });
});
