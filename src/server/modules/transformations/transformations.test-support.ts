import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { fileIdOf, sourcesWorld, uploadFile } from '../sources/test-support.js';

type World = Awaited<ReturnType<typeof sourcesWorld>>;

/** A messy survey export: spaces, sex written five ways, test rows, a duplicate, a bad number */
export const MESSY_CSV =
  'id,name,sex,age,village\n' +
  '1, Amina ,F,34,North\n' +
  '2,Bakari,male,41,South\n' +
  '3,TEST,M,0,Test village\n' +
  '4,Chausiku,Female ,29,North\n' +
  '5,Daudi, M,52,East\n' +
  '6,Bakari,male,41,South\n' +
  '7,Esther,f,unknown,East\n';

/**
 * Upload and import a CSV through the sources routes (types as the preview suggests); with
 * `datasetId`, as a new version of that dataset
 */
export async function importCsv(
  app: FastifyInstance,
  w: World,
  csv: string,
  name = 'survey.csv',
  datasetId?: string,
) {
  const up = await uploadFile(w.client, w.project.id, Buffer.from(csv, 'utf8'), name, datasetId);
  expect(up.statusCode, up.body).toBe(303);
  const fileId = fileIdOf(up.headers.location as string);
  const page = await w.client.page(`/source-files/${fileId}/preview`);
  const columns = page.props.columns.map((c: Record<string, unknown>) => ({
    index: c.index,
    label: c.label,
    type: c.source === 'age' ? 'text' : c.type,
    include: true,
  }));
  const res = await w.client.post(`/source-files/${fileId}/import`, {
    name: page.props.suggestedName,
    sheet: null,
    stakeholderColumn: null,
    columns,
  });
  expect(res.statusCode, res.body).toBe(303);
  await drainJobs(app);
  if (datasetId) return datasetId;
  const sources = await w.client.page(`/sources?project=${w.project.id}`);
  return sources.props.datasets[0].id as string;
}

/** The cleaning recipe of the issue: trim, recode sex, filter test rows, dedupe, age to a number */
export const CLEANING_STEPS = [
  { id: 'trim', enabled: true, kind: 'cleanup', op: 'trim', columns: ['name', 'sex'] },
  {
    id: 'sex',
    enabled: true,
    kind: 'cleanup',
    op: 'replace',
    columns: ['sex'],
    loose: true,
    mapping: [
      { from: 'M', to: 'male' },
      { from: 'male', to: 'male' },
      { from: 'F', to: 'female' },
      { from: 'female', to: 'female' },
    ],
  },
  { id: 'test', enabled: true, kind: 'filter', expression: "${name} != 'TEST'" },
  { id: 'dup', enabled: true, kind: 'dedupe', columns: ['name', 'sex', 'age'], keep: 'first' },
  {
    id: 'age',
    enabled: true,
    kind: 'columns',
    changes: [{ column: 'age', label: 'Age (years)', type: 'integer', onFail: 'null' }],
  },
];

/** The id after `/<prefix>/` in a redirect's location (e.g. the run a POST created). */
export const idFrom = (location: string, prefix: string) =>
  new RegExp(`/${prefix}/([0-9a-f-]{36})`).exec(location)![1];
