import type { Db } from '../../platform/db/client.js';
import {
  SENTIMENT_LABELS,
  sentimentLabel,
  type SentimentLabel,
} from '../../../shared/coding/kinds.js';
import type { KindDistribution, KindValue } from '../../../shared/coding/kinds.pages.js';
import { ordinalAgreement } from '../../../shared/coding/weighted-kappa.js';
import { latestRun, liveResponses, type ColumnRow } from './coding.queries.js';
import { formWaves } from '../forms/index.js';
import { inWaveOrder, NO_WAVE } from '../../../shared/forms/waves.js';
import { kindDecisionsOf, rubricOf, rubricVerificationsOf } from './coding.kinds.queries.js';

/**
 * Per-kind results of a sentiment or rubric column from its latest finished run: the value per
 * live response (sentiment score and label, rubric level), distributions per wave (in the form's order), and for a
 * rubric the agreement between the machine and the people who scored the sample.
 */
export async function kindResults(db: Db, column: ColumnRow) {
  const run = await latestRun(db, column.id, 'done');
  const decisions = run ? await kindDecisionsOf(db, run.id) : [];
  const responses = await liveResponses(db, column.formId);
  const byId = new Map(responses.map((r) => [r.id, r]));
  const values: KindValue[] = decisions
    .filter((d) => byId.has(d.responseId))
    .map((d) => {
      const r = byId.get(d.responseId)!;
      return {
        responseId: r.id,
        seq: r.seq,
        wave: r.wave,
        sentiment: d.sentiment,
        sentimentLabel: d.sentiment === null ? null : sentimentLabel(d.sentiment),
        rubricLevel: d.rubric?.level ?? null,
        rubric: d.rubric,
        engine: d.engine,
        engineVersion: d.engineVersion,
      };
    })
    .sort((a, b) => a.seq - b.seq);
  const runLevels =
    column.kind === 'rubric' && run?.rubricVersion
      ? (await rubricOf(db, column.id, run.rubricVersion)).length
      : 0;
  const verifications = column.kind === 'rubric' ? await rubricVerificationsOf(db, column.id) : [];
  const machine = new Map(values.map((v) => [v.responseId, v.rubricLevel]));
  const levels = (await rubricOf(db, column.id, column.rubricVersion)).length;
  const pairs = verifications
    .filter((v) => machine.get(v.responseId) != null)
    .map((v) => ({ machine: machine.get(v.responseId)!, human: v.level }));
  return {
    run,
    responses,
    values,
    verifications,
    distribution: distributionOf(
      column.kind,
      values,
      responses,
      runLevels,
      await formWaves(db, column.formId),
    ),
    agreement: column.kind === 'rubric' ? ordinalAgreement(pairs, Math.max(levels, 1)) : null,
  };
}

function distributionOf(
  kind: ColumnRow['kind'],
  values: KindValue[],
  responses: Array<{ wave: string | null }>,
  rubricLevels: number,
  declared: readonly string[],
): KindDistribution | null {
  if (kind !== 'sentiment' && kind !== 'rubric') return null;
  const categories =
    kind === 'sentiment'
      ? [...SENTIMENT_LABELS]
      : Array.from({ length: rubricLevels }, (_, i) => String(i + 1));
  const total = new Map<string, number>();
  for (const r of responses) total.set(r.wave ?? NO_WAVE, (total.get(r.wave ?? NO_WAVE) ?? 0) + 1);
  const waves = inWaveOrder(total.keys(), declared);
  const category = (v: KindValue): string | null =>
    kind === 'sentiment'
      ? (v.sentimentLabel as SentimentLabel | null)
      : v.rubricLevel === null
        ? null
        : String(v.rubricLevel);
  const rows = waves.map((wave) => {
    const inWave = values.filter((v) => (v.wave ?? NO_WAVE) === wave);
    const counts = categories.map((c) => inWave.filter((v) => category(v) === c).length);
    return {
      wave,
      responses: total.get(wave) ?? 0,
      counts,
      none: (total.get(wave) ?? 0) - counts.reduce((a, b) => a + b, 0),
    };
  });
  return { categories, rows };
}
