import {
  codebookVersions,
  intelligentColumns,
} from '../../../src/server/modules/coding/coding.tables.js';
import { rubricVersions } from '../../../src/server/modules/coding/coding.rubric.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { FORMS_PARAM_FIXTURES, insertForm } from './forms.js';

const CODES = [
  {
    key: 'distance',
    label: 'Distance',
    definition: 'The school is far.',
    include: ['far'],
    exclude: [],
    examples: [],
  },
];

/** An intelligent column of team A over the fixture survey's `name` question, codebook version 1. */
async function insertColumn(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const { form } = await insertForm(c);
  const [column] = await db
    .insert(intelligentColumns)
    .values({
      teamId,
      formId: form.id,
      name: 'Fixture column',
      questionKeys: ['name'],
      codebookVersion: 1,
    })
    .returning({ id: intelligentColumns.id });
  await db
    .insert(codebookVersions)
    .values({ teamId, columnId: column.id, number: 1, codes: CODES });
  return column.id;
}

const LEVELS = [
  { descriptor: 'Nothing changed.', examples: [] },
  { descriptor: 'Some savings.', examples: [] },
  { descriptor: 'A new business.', examples: [] },
];

/** A rubric column of team A over the fixture survey's `name` question, rubric version 1. */
async function insertRubricColumn(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const { form } = await insertForm(c);
  const [column] = await db
    .insert(intelligentColumns)
    .values({
      teamId,
      formId: form.id,
      name: 'Fixture rubric column',
      kind: 'rubric',
      questionKeys: ['name'],
      rubricVersion: 1,
    })
    .returning({ id: intelligentColumns.id });
  await db.insert(rubricVersions).values({
    teamId,
    columnId: column.id,
    number: 1,
    levels: LEVELS.map((l, i) => ({ level: i + 1, ...l })),
  });
  return column.id;
}

export const codingSecurity: DomainSecurity = {
  expectations: {
    'intelligent-columns.index': { access: 'team:content.view' },
    'intelligent-columns.store': { access: 'team:content.create' },
    'intelligent-columns.show': { access: 'team:content.view' },
    'intelligent-columns.update': { access: 'team:content.update' },
    'intelligent-columns.codebook': { access: 'team:content.view' },
    'intelligent-columns.codebook-save': { access: 'team:content.update' },
    'intelligent-columns.run': {
      access: 'team:content.update',
      noBody: 'runs the column named in the URL with its latest codebook',
    },
    'intelligent-columns.verify': { access: 'team:content.update' },
    'intelligent-columns.rubric': { access: 'team:content.view' },
    'intelligent-columns.rubric-save': { access: 'team:content.update' },
    'intelligent-columns.rubric-verify': { access: 'team:content.update' },
  },
  bodies: {
    'intelligent-columns.store': () => ({ name: 'Barriers', questionKeys: ['name'] }),
    'intelligent-columns.update': () => ({
      name: 'Renamed',
      threshold: 0.7,
      samplePercent: 25,
      engine: 'rules',
    }),
    'intelligent-columns.codebook-save': () => ({ codes: CODES }),
    // a response of another form: refused on the field once the column is found (audit-exemptions
    // gives the walk a valid one)
    'intelligent-columns.verify': () => ({
      responseId: '00000000-0000-4000-8000-000000000000',
      codes: ['distance'],
    }),
    'intelligent-columns.rubric-save': () => ({ levels: LEVELS }),
    // a response of another form: refused on the field (audit-exemptions gives a valid one)
    'intelligent-columns.rubric-verify': () => ({
      responseId: '00000000-0000-4000-8000-000000000000',
      level: 1,
    }),
  },
  routeParamFixtures: {
    'intelligent-columns.index': { form: FORMS_PARAM_FIXTURES.form },
    'intelligent-columns.store': { form: FORMS_PARAM_FIXTURES.form },
    'intelligent-columns.show': { column: insertColumn },
    'intelligent-columns.update': { column: insertColumn },
    'intelligent-columns.codebook': { column: insertColumn },
    'intelligent-columns.codebook-save': { column: insertColumn },
    'intelligent-columns.run': { column: insertColumn },
    'intelligent-columns.verify': { column: insertColumn },
    'intelligent-columns.rubric': { column: insertRubricColumn },
    'intelligent-columns.rubric-save': { column: insertRubricColumn },
    'intelligent-columns.rubric-verify': { column: insertRubricColumn },
  },
};
