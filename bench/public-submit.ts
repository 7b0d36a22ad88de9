import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formResponses } from '../src/server/modules/forms/read-model.js';
import { canonicalAnswers } from '../src/shared/forms/answers.js';
import { directLoad, httpLoad } from './load.js';
import type { Measurement } from './stats.js';
import { benchAnswers, seedPublishedForm } from './seed-form.js';

const FRESH = '__FRESH_ID__';

/**
 * Public submissions (issue 9, section 6): POST /f/:formToken with a new device id in every request
 * (the whole write path: validation, the form's row lock, the idempotent insert, quality flags,
 * webhook event), beside raw INSERTs of the same rows into form_responses, in the same run.
 * Returns the lines to print: the ratio and the aims (printed, never asserted).
 */
export async function publicSubmitBench(
  app: FastifyInstance,
  o: {
    teamId: string;
    userId: string;
    base: string;
    xsrf: string;
    run: { connections: number; durationMs: number; warmupMs: number };
    measure: (m: () => Promise<Measurement>) => Promise<void>;
    rows: Measurement[];
  },
) {
  const db = app.ctx.db;
  const submitForm = await seedPublishedForm(db, { ...o, name: 'Bench submissions' });
  const rawForm = await seedPublishedForm(db, { ...o, name: 'Bench raw inserts' });
  const bodies = Array.from({ length: o.run.connections }, (_, i) =>
    JSON.stringify({ id: FRESH, version: 1, answers: benchAnswers(i).sent }),
  );
  const label = `(f) public submit POST /f/:token, ${o.run.connections} connections`;
  const post = (url: string) => ({
    url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(o.xsrf),
      cookie: `XSRF-TOKEN=${o.xsrf}`,
    },
    bodies,
    freshId: FRESH,
    ...o.run,
  });
  await o.measure(() => httpLoad({ label, ...post(`${o.base}/f/${submitForm.token}`) }));
  const ceilingLabel = '(f) app POST route, same request, no write (HTTP ceiling)';
  await o.measure(() => httpLoad({ label: ceilingLabel, ...post(`${o.base}/__bench/app-post`) }));
  let seq = 0;
  const rawLabel = '(f) raw INSERT of the same rows, no HTTP';
  await o.measure(() =>
    directLoad(
      rawLabel,
      async (i) => {
        const answers = benchAnswers(i).stored;
        await db.insert(formResponses).values({
          teamId: o.teamId,
          formId: rawForm.formId,
          clientId: randomUUID(),
          seq: ++seq,
          versionId: rawForm.versionId,
          versionNumber: 1,
          linkId: rawForm.linkId,
          answers,
          answersHash: canonicalAnswers(answers),
        });
      },
      o.run,
    ),
  );
  const submit = o.rows.find((r) => r.label === label)!;
  const raw = o.rows.find((r) => r.label === rawLabel)!;
  const ceiling = o.rows.find((r) => r.label === ceilingLabel)!;
  const kind = app.ctx.database.kind;
  const ratio = submit.rps / raw.rps;
  const tail = submit.p99 / submit.p50;
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED').padEnd(6);
  const lines = [
    `${mark(ratio >= 0.8)}  public submit / raw INSERT of the same rows: ${ratio.toFixed(2)}x (${submit.rps.toFixed(0)} vs ${raw.rps.toFixed(0)} rows/s; aim >= 0.8x)`,
    `        the same POST answered by an app route without a write: ${ceiling.rps.toFixed(0)} req/s (the HTTP ceiling); the submit reaches ${(submit.rps / ceiling.rps).toFixed(2)}x of it`,
  ];
  if (kind === 'postgres')
    lines.push(
      `${mark(submit.p99 <= 50)}  public submit p99 ${submit.p99.toFixed(1)} ms (p50 ${submit.p50.toFixed(1)}; aim <= 50 ms on PostgreSQL)`,
    );
  else
    lines.push(
      `${mark(tail <= 5)}  public submit p99/p50 ${tail.toFixed(2)} (p50 ${submit.p50.toFixed(1)}, p99 ${submit.p99.toFixed(1)} ms; aim <= 5 on PGlite)`,
    );
  const bad = Object.entries(submit.statuses ?? {}).filter(([s]) => s !== '201');
  if (bad.length)
    lines.push(
      `BENCH WARNING: public submit answered ${bad.map(([s, n]) => `${n}x ${s}`).join(', ')} (only 201 is a new response)`,
    );
  return lines;
}
