import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helpers/app.js';
import type { Db } from '../../platform/db/client.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { stakeholders } from '../forms/read-model.js';
import { formLinks } from '../forms/forms.tables.js';
import { formsTestKit, type KitState } from '../forms/test-support.js';
import { cellsOf, latestGridRun } from './grids.queries.js';

/**
 * The grids' test world: three registered people, a stakeholder survey in two waves (meals a day,
 * water source, crops, a story), an intelligent column over the story, coded once.
 */
export function gridsTestKit(app: () => TestApp) {
  const kit = formsTestKit(app);
  const db = () => app().app.ctx.db;
  // publishing without reading the builder page back (a journey's app has its own asset version)
  const publish = async (s: KitState, formId: string) =>
    expect((await s.client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);

  async function world() {
    const s = await kit.setup();
    const reg = await kit.newForm(s, { name: 'Registration', kind: 'stakeholder' });
    await kit.add(s, reg, {
      key: 'full_name',
      type: 'short_text',
      label: 'Full name',
      required: true,
    });
    await publish(s, reg);
    const regToken = await kit.openToken(reg);
    for (const name of ['Amina Odhiambo', 'Juma Ali', 'Peter Kamau']) {
      const res = await kit.submit(kit.publicClient(), regToken, {
        id: randomUUID(),
        version: 1,
        answers: { full_name: name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const people: Record<string, { id: string; code: string }> = {};
    for (const p of await db()
      .select()
      .from(stakeholders)
      .where(eq(stakeholders.projectId, s.project.id)))
      people[p.name.split(' ')[0]] = { id: p.id, code: p.code };

    const formId = await kit.newForm(s, {
      name: 'Follow-up',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await kit.add(s, formId, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await kit.add(s, formId, {
      key: 'water',
      type: 'single_choice',
      label: 'Water source',
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    });
    await kit.add(s, formId, {
      key: 'crops',
      type: 'multiple_choice',
      label: 'Crops',
      choices: [
        { value: 'maize', label: 'Maize' },
        { value: 'beans', label: 'Beans' },
      ],
    });
    await kit.add(s, formId, { key: 'story', type: 'long_text', label: 'Story' });
    await publish(s, formId);
    return { ...s, formId, people };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /** The person answers the survey in a wave through their personal link; the response's id. */
  async function answer(s: World, who: string, wave: string, answers: Record<string, unknown>) {
    const person = s.people[who];
    const existing = await db()
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.stakeholderId, person.id), eq(formLinks.wave, wave)));
    if (!existing.length) {
      const link = await s.client.post(`/stakeholders/${person.id}/links`, {
        formId: s.formId,
        wave,
      });
      expect(link.statusCode).toBe(303);
    }
    const [l] = await db()
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.stakeholderId, person.id), eq(formLinks.wave, wave)));
    const res = await kit.submit(kit.publicClient(), l.token, {
      id: randomUUID(),
      version: 1,
      answers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (JSON.parse(res.body) as { responseId: string }).responseId;
  }

  /** An intelligent column over the story (distance, cost), with its codebook, coded once. */
  async function codedColumn(s: World) {
    const res = await s.client.post(`/forms/${s.formId}/intelligent-columns`, {
      name: 'Barriers',
      questionKeys: ['story'],
    });
    expect(res.statusCode, res.body).toBe(303);
    const id = res.headers.location!.split('/')[2];
    const code = (key: string, label: string, include: string[]) => ({
      key,
      label,
      definition: label,
      include,
      exclude: [],
      examples: [],
    });
    const save = await s.client.put(`/intelligent-columns/${id}/codebook`, {
      codes: [code('distance', 'Distance', ['far']), code('cost', 'Cost', ['fee'])],
    });
    expect(save.statusCode, save.body).toBe(303);
    expect((await s.client.post(`/intelligent-columns/${id}/runs`)).statusCode).toBe(303);
    await drainJobs(app().app);
    return id;
  }

  return { ...kit, world, answer, codedColumn };
}

/** A grid's last finished run as the page would show it: figures, summary and every cell in order. */
export async function finishedRunShape(db: Db, gridId: string) {
  const run = (await latestGridRun(db, gridId, 'done'))!;
  const cells = await cellsOf(db, run.id);
  return {
    run: { total: run.total, processed: run.processed, summary: run.summary },
    cells: cells.map((c) => [c.position, c.rowKey, c.rowLabel, c.columnKey, c.value, c.citations]),
  };
}
