import { intelligentColumns } from '../../../src/server/modules/coding/coding.tables.js';
import { themeRuns, themes } from '../../../src/server/modules/coding/coding.themes.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertForm } from './forms.js';

/** An intelligent column of team A over the fixture survey's `name` question (no codebook). */
async function insertColumn(c: FixtureContext) {
  const { form } = await insertForm(c);
  const [column] = await c.world.app.ctx.db
    .insert(intelligentColumns)
    .values({
      teamId: c.world.teamA.id,
      formId: form.id,
      name: 'Fixture themes column',
      questionKeys: ['name'],
    })
    .returning({ id: intelligentColumns.id });
  return column.id;
}

/**
 * The theme route has two related parameters: the column fixture makes the column with a finished
 * discovery and one theme, the theme fixture reads the theme it made for the same request.
 */
const made = new WeakMap<FixtureContext, string>();
async function insertColumnWithTheme(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const columnId = await insertColumn(c);
  const [run] = await db
    .insert(themeRuns)
    .values({ teamId, columnId, status: 'done', k: 2, engineVersion: 'fixture' })
    .returning({ id: themeRuns.id });
  const [theme] = await db
    .insert(themes)
    .values({
      teamId,
      runId: run.id,
      position: 0,
      name: 'far / walk',
      size: 5,
      share: 0.5,
      topTerms: [
        { term: 'far', weight: 0.4 },
        { term: 'walk', weight: 0.2 },
      ],
      quotes: [],
    })
    .returning({ id: themes.id });
  made.set(c, theme.id);
  return columnId;
}

export const codingThemesSecurity: DomainSecurity = {
  expectations: {
    'intelligent-columns.themes-discover': { access: 'team:content.update' },
    'intelligent-columns.theme-code': { access: 'team:content.update' },
  },
  bodies: {
    'intelligent-columns.themes-discover': () => ({ k: 'auto' }),
    'intelligent-columns.theme-code': () => ({ label: 'Distance' }),
  },
  routeParamFixtures: {
    'intelligent-columns.themes-discover': { column: insertColumn },
    'intelligent-columns.theme-code': {
      column: insertColumnWithTheme,
      theme: (c) => made.get(c)!,
    },
  },
};
