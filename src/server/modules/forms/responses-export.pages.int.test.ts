import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formVersions } from './forms.tables.js';
import { responsesFile } from './responses-export.job.js';
import { formsTestKit } from './test-support.js';
import { parseFilters } from './responses.props.js';

/**
 * An export longer than one page (2,000 responses a page, the next read while one is written):
 * every response once, in order, whether the last page is full (then an empty read ends it) or not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { setup, newForm, add, publish } = formsTestKit(() => t);
/** no filter: every live response (the responses page's filters parsed from an empty query) */
const NO_FILTERS = parseFilters({});

it('exports every response once and in order across pages, a full last page or not', async () => {
  const s = await setup();
  const formId = await newForm(s, { name: 'Pages', anonymous: true });
  await add(s, formId, { key: 'n', type: 'integer', label: 'N' });
  await publish(s, formId);
  const db = t.app.ctx.db;
  const [version] = await db.select().from(formVersions).where(eq(formVersions.formId, formId));
  const seed = (from: number, to: number) =>
    db.execute(sql`
      insert into form_responses (team_id, form_id, client_id, seq, version_id, version_number,
        answers, answers_hash)
      select ${s.team.id}, ${formId}, gen_random_uuid(), i, ${version.id}, 1,
        jsonb_build_object('n', i), ''
      from generate_series(${from}::int, ${to}::int) i`);
  const exported = async () => {
    const { body } = await responsesFile(db, {
      teamId: s.team.id,
      formId,
      filters: NO_FILTERS,
      options: { format: 'csv', content: 'values', multiple: 'joined' },
    });
    let text = '';
    for await (const chunk of body) text += String(chunk);
    return Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
  };
  const expectAll = (rows: Array<Record<string, string>>, n: number) => {
    expect(rows).toHaveLength(n);
    expect(rows.every((r, i) => r._row === String(i + 1) && r.n === String(i + 1))).toBe(true);
  };

  await seed(1, 4000); // two full pages
  expectAll(await exported(), 4000);
  await seed(4001, 4501); // and a part page
  expectAll(await exported(), 4501);
});
