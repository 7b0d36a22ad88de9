import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';

/** A small but complete theory of change for the logframe tests (every level, a metric with targets, a data point and a question). */
export const SAMPLE: ProblemTemplate = {
  problem: {
    title: 'Girls drop out of secondary school',
    statement: 'Too many girls leave school before grade 10.',
    populationWho: 'Girls aged 12-18',
    populationCount: 4200,
    geography: 'Northern district',
  },
  elements: [
    {
      ref: 'I1',
      kind: 'impact',
      horizon: null,
      title: 'Girls complete secondary school',
      metrics: [],
    },
    { ref: 'O1', kind: 'outcome', horizon: 'long', title: 'Girls stay in school', metrics: [] },
    {
      ref: 'O2',
      kind: 'outcome',
      horizon: 'short',
      title: 'Families value girls’ education',
      metrics: [],
    },
    {
      ref: 'P1',
      kind: 'output',
      horizon: null,
      title: 'Mentoring sessions held',
      metrics: [
        {
          name: 'Girls mentored',
          type: 'count',
          direction: 'increase',
          period: 'quarterly',
          unit: 'girls',
          baselineValue: 0,
          baselineDate: '2026-01-01',
          disaggregations: [
            { key: 'age_group', label: 'Age group', categories: ['12-14', '15-18'] },
          ],
          targets: [
            { period: '2026-Q1', value: 50 },
            { period: '2026-Q2', value: 120 },
          ],
          dataPoints: [
            {
              key: 'girls_mentored',
              name: 'Girls mentored',
              measurement: 'manual',
              aggregation: 'sum',
              starred: true,
              questions: [
                {
                  text: 'How many sessions did you attend?',
                  answerType: 'integer',
                  choices: [],
                  required: true,
                },
              ],
            },
          ],
        },
      ],
    },
    { ref: 'A1', kind: 'activity', horizon: null, title: 'Train mentors', metrics: [] },
  ],
  links: [
    { from: 'A1', to: 'P1' },
    { from: 'P1', to: 'O2' },
    { from: 'O2', to: 'O1' },
    { from: 'O1', to: 'I1' },
  ],
};

/** A multipart/form-data body with one file part (what a browser sends for <input type=file name=file>). */
export function multipartFile(
  buffer: Buffer,
  o: { field?: string; filename?: string; type?: string } = {},
) {
  const boundary = `----logframe${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${o.field ?? 'file'}"; filename="${o.filename ?? 'logframe.xlsx'}"\r\nContent-Type: ${o.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
