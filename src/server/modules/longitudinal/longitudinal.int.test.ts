import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { datasets } from '../datasets/read-model.js';
import { seedDataset } from '../datasets/test-support.js';
import { formResponses, stakeholderMerges, stakeholders } from '../forms/read-model.js';
import { formLinks } from '../forms/forms.tables.js';
import { formsTestKit, type KitState } from '../forms/test-support.js';

/** The longitudinal view, its CSV, the duplicate review list and the merge. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

/** A stakeholder form (name, phone), three registered people, a survey answered in two waves */
async function seedProject(s: KitState) {
  const reg = await newForm(s, { name: 'Registration', kind: 'stakeholder' });
  await add(s, reg, { key: 'full_name', type: 'short_text', label: 'Full name', required: true });
  await add(s, reg, { key: 'phone', type: 'phone', label: 'Phone' });
  await publish(s, reg);
  const regToken = await openToken(reg);
  const people: Record<string, string> = {};
  for (const [name, phone] of [
    ['Amina Odhiambo', '+254 700 111222'],
    ['Juma Ali', '0711 333444'],
    ['Amina Odhiambo.', '+254 799 000000'],
    ['Peter Kamau', '+254 711 333444'],
  ]) {
    const res = await submit(publicClient(), regToken, {
      id: randomUUID(),
      version: 1,
      answers: { full_name: name, phone },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const p of await t.app.ctx.db
    .select()
    .from(stakeholders)
    .where(eq(stakeholders.projectId, s.project.id)))
    people[p.name] = p.id;

  const survey = await newForm(s, {
    name: 'Follow-up',
    anonymous: false,
    waves: ['baseline', 'endline'],
  });
  await add(s, survey, { key: 'meals', type: 'integer', label: 'Meals a day' });
  await add(s, survey, {
    key: 'water',
    type: 'single_choice',
    label: 'Water source',
    choices: [
      { value: 'well', label: 'Well' },
      { value: 'tap', label: 'Tap' },
    ],
  });
  await publish(s, survey);
  const answer = async (who: string, wave: string, answers: Record<string, unknown>) => {
    const link = await s.client.post(`/stakeholders/${people[who]}/links`, {
      formId: survey,
      wave,
    });
    expect(link.statusCode).toBe(303);
    const [l] = await t.app.ctx.db
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.stakeholderId, people[who]), eq(formLinks.wave, wave)));
    const res = await submit(publicClient(), l.token, { id: randomUUID(), version: 1, answers });
    expect(res.statusCode, res.body).toBe(201);
  };
  await answer('Amina Odhiambo', 'baseline', { meals: '1', water: 'well' });
  await answer('Amina Odhiambo', 'endline', { meals: '3', water: 'tap' });
  await answer('Juma Ali', 'baseline', { meals: '2', water: 'tap' });
  await answer('Juma Ali', 'endline', { meals: '2', water: 'tap' });
  return { people, survey };
}

const codeOf = async (id: string) =>
  (await t.app.ctx.db.select().from(stakeholders).where(eq(stakeholders.id, id)))[0].code;

describe('the longitudinal view', () => {
  it('shows two waves side by side with the change, and a dataset carrying the stakeholder id', async () => {
    const s = await setup();
    const { people } = await seedProject(s);
    const amina = await codeOf(people['Amina Odhiambo']);
    const juma = await codeOf(people['Juma Ali']);
    // an imported dataset with a stakeholder id column: a third wave for "meals"
    const { datasetId } = await seedDataset(
      t.app.ctx,
      { teamId: s.team.id, userId: s.user.id, projectId: s.project.id },
      {
        name: 'Follow-up 2027',
        columns: [
          { key: 'sid', label: 'Stakeholder id', type: 'text', sourceColumn: 'sid' },
          { key: 'meals', label: 'Meals', type: 'integer', sourceColumn: 'meals' },
        ],
        n: 2,
        row: (i) => (i === 1 ? [amina, '4'] : ['S-NOBODY00', '9']),
      },
    );
    await t.app.ctx.db
      .update(datasets)
      .set({ stakeholderColumnKey: 'sid' })
      .where(eq(datasets.id, datasetId));

    const page = await s.client.page(`/projects/${s.project.id}/longitudinal?fields=meals,water`);
    expect(page.component, JSON.stringify(page.props)).toBe('survey-sources/longitudinal');
    const p = page.props;
    expect(p.waves.map((w: { label: string }) => w.label)).toEqual([
      'Follow-up · baseline',
      'Follow-up · endline',
      'Follow-up 2027',
    ]);
    expect(p.chosen).toEqual(['meals', 'water']);
    expect(p.total).toBe(4);
    type Row = { stakeholder: { code: string }; cells: Record<string, unknown[]> };
    const rowOf = (code: string) => p.rows.find((r: Row) => r.stakeholder.code === code) as Row;
    // by hand: Amina 1 -> 3 (+2) -> 4 (+1); well -> tap changed; Juma 2 -> 2 (0), tap unchanged
    expect(rowOf(amina).cells.meals).toEqual([
      { value: 1, change: null },
      { value: 3, change: 2 },
      { value: 4, change: 1 },
    ]);
    expect(rowOf(amina).cells.water).toEqual([
      { value: 'well', change: null },
      { value: 'tap', change: 'changed' },
      { value: null, change: null },
    ]);
    expect(rowOf(juma).cells.meals).toEqual([
      { value: 2, change: null },
      { value: 2, change: 0 },
      { value: null, change: null },
    ]);
    expect(rowOf(juma).cells.water[1]).toEqual({ value: 'tap', change: 'unchanged' });

    // the CSV: same figures, formula-like names escaped
    await t.app.ctx.db
      .update(stakeholders)
      .set({ name: '=HYPERLINK("x")' })
      .where(eq(stakeholders.id, people['Peter Kamau']));
    const csv = await s.client.get(`/projects/${s.project.id}/longitudinal/export?fields=meals`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'stakeholder_code,stakeholder_name,meals [Follow-up · baseline],meals [Follow-up · endline],meals change [Follow-up · baseline -> Follow-up · endline],meals [Follow-up 2027],meals change [Follow-up · endline -> Follow-up 2027]',
    );
    expect(lines).toContain(`${amina},Amina Odhiambo,1,3,2,4,1`);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines).toHaveLength(5);

    // unknown field keys are dropped; a bad one is a 422-like field error, another team's project a 404
    const bad = await s.client.get(`/projects/${s.project.id}/longitudinal?fields=Bad-Key`);
    expect(bad.statusCode).toBe(303);
    const other = await setup();
    expect((await other.client.get(`/projects/${s.project.id}/longitudinal`)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/projects/${s.project.id}/longitudinal/export`)).statusCode,
    ).toBe(404);
  });

  it('lists possible duplicates and merges one into another once, with history and an audit row', async () => {
    const s = await setup();
    const { people } = await seedProject(s);
    const page = await s.client.page(`/projects/${s.project.id}/longitudinal`);
    type Pair = { a: { name: string }; b: { name: string }; reasons: string[] };
    const pairs = page.props.duplicates as Pair[];
    const names = (d: Pair) => [d.a.name, d.b.name].sort().join(' / ');
    expect(pairs.map((d) => [names(d), d.reasons])).toEqual(
      expect.arrayContaining([
        ['Amina Odhiambo / Amina Odhiambo.', ['same name']],
        ['Juma Ali / Peter Kamau', ['same phone']],
      ]),
    );
    expect(pairs).toHaveLength(2);

    const keep = people['Amina Odhiambo'];
    const gone = people['Amina Odhiambo.'];
    // another team cannot merge these
    const other = await setup();
    expect(
      (await other.client.post(`/stakeholders/${gone}/merge`, { into: keep })).statusCode,
    ).toBe(404);
    // the merged one's responses and links move; the kept one's stay
    const merged = await s.client.post(`/stakeholders/${keep}/merge`, { into: gone });
    expect(merged.statusCode).toBe(303);
    const [rec] = await t.app.ctx.db
      .select()
      .from(stakeholderMerges)
      .where(eq(stakeholderMerges.keptId, gone));
    expect(rec, JSON.stringify(rec)).toMatchObject({
      mergedId: keep,
      mergedName: 'Amina Odhiambo',
      responsesMoved: 3,
    });
    expect(rec.linksMoved).toBe(2);
    const moved = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.stakeholderId, gone));
    // the kept one's registration, and the merged one's registration and two survey responses
    expect(moved).toHaveLength(4);
    expect(
      await t.app.ctx.db.select().from(stakeholders).where(eq(stakeholders.id, keep)),
    ).toHaveLength(0);
    const audit = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'stakeholder.merged'), eq(auditLogs.subjectId, gone)));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ responsesMoved: 3, linksMoved: 2 });
    // a second merge of the same pair finds the merged one gone: nothing moves twice
    expect((await s.client.post(`/stakeholders/${keep}/merge`, { into: gone })).statusCode).toBe(
      404,
    );
    // into itself is a field error
    const self = await s.client.post(`/stakeholders/${gone}/merge`, { into: gone });
    expect(self.statusCode).toBe(303);
    // the view now shows the moved answers on the kept stakeholder
    const after = await s.client.page(`/projects/${s.project.id}/longitudinal?fields=meals`);
    const code = await codeOf(gone);
    expect(
      after.props.rows.find((r: { stakeholder: { code: string } }) => r.stakeholder.code === code)
        .cells.meals,
    ).toEqual([
      { value: 1, change: null },
      { value: 3, change: 2 },
    ]);
    expect(after.props.duplicates).toHaveLength(1);
  });
});
