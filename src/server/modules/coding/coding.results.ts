import type { Db } from '../../platform/db/client.js';
import type { AppliedCode, CodeDef } from '../../../shared/coding/coding.js';
import type { CodeAgreement, CodeCounts } from '../../../shared/coding/coding.pages.js';
import { cohensKappa, confusionOf } from '../../../shared/coding/kappa.js';
import { sampleSize } from '../../../shared/coding/sample.js';
import {
  decisionsOf,
  latestRun,
  liveResponses,
  verificationsOf,
  type ColumnRow,
} from './coding.queries.js';
import { formWaves } from '../forms/index.js';
import { inWaveOrder, NO_WAVE } from '../../../shared/forms/waves.js';

/** verified responses needed before a code can be applied (or the whole sample, when smaller) */
const MIN_VERIFIED = 10;

/**
 * Kappa per code between the machine (the latest finished run) and the humans, over the verified
 * responses the run coded. A code is applied when at least `minVerified` responses are verified
 * and its kappa reaches the column's threshold; otherwise (or when kappa cannot be measured) its
 * applications are only suggested.
 */
function agreementOf(
  codebook: CodeDef[],
  decisions: Array<{ responseId: string; codes: AppliedCode[] }>,
  verifications: Array<{ responseId: string; codes: string[] }>,
  threshold: number,
  minVerified: number,
): CodeAgreement[] {
  const machine = new Map(
    decisions.map((d) => [d.responseId, new Set(d.codes.map((c) => c.code))]),
  );
  const checked = verifications.filter((v) => machine.has(v.responseId));
  return codebook.map((c) => {
    const confusion = confusionOf(
      checked.map((v) => ({
        machine: machine.get(v.responseId)!.has(c.key),
        human: v.codes.includes(c.key),
      })),
    );
    const kappa = cohensKappa(confusion);
    return {
      code: c.key,
      label: c.label,
      confusion,
      kappa,
      verified: checked.length,
      status:
        checked.length >= minVerified && kappa !== null && kappa >= threshold
          ? 'applied'
          : 'suggested',
    };
  });
}

/**
 * Counts and % of responses per wave (in the form's order) with each code. Only applied codes
 * count; a suggested code's
 * applications are reported apart (`suggested`) and never in `count` or `percent`.
 */
function countsByWave(
  codebook: CodeDef[],
  agreement: CodeAgreement[],
  decisions: Array<{ responseId: string; codes: AppliedCode[] }>,
  waveOf: Map<string, string>,
  declared: readonly string[],
) {
  const responses = new Map<string, number>();
  for (const w of waveOf.values()) responses.set(w, (responses.get(w) ?? 0) + 1);
  const waves = inWaveOrder(responses.keys(), declared);
  const status = new Map(agreement.map((a) => [a.code, a.status]));
  const codes: CodeCounts[] = codebook.map((c) => {
    const count = new Map<string, number>();
    for (const d of decisions) {
      const w = waveOf.get(d.responseId);
      if (w !== undefined && d.codes.some((x) => x.code === c.key))
        count.set(w, (count.get(w) ?? 0) + 1);
    }
    const applied = status.get(c.key) === 'applied';
    return {
      code: c.key,
      label: c.label,
      status: applied ? 'applied' : 'suggested',
      byWave: waves.map((wave) => {
        const n = count.get(wave) ?? 0;
        const total = responses.get(wave) ?? 0;
        const counted = applied ? n : 0;
        return {
          wave,
          count: counted,
          percent: total ? Math.round((1000 * counted) / total) / 10 : 0,
          suggested: applied ? 0 : n,
        };
      }),
    };
  });
  return { waves: waves.map((wave) => ({ wave, responses: responses.get(wave) ?? 0 })), codes };
}

/** Everything the column page and the module's public function need, from the latest finished run. */
export async function columnResults(db: Db, column: ColumnRow, codebook: CodeDef[]) {
  const run = await latestRun(db, column.id, 'done');
  const decisions = run ? await decisionsOf(db, run.id) : [];
  const verifications = await verificationsOf(db, column.id);
  const responses = await liveResponses(db, column.formId);
  const agreement = agreementOf(
    codebook,
    decisions,
    verifications,
    column.threshold,
    Math.min(MIN_VERIFIED, sampleSize(responses.length, column.samplePercent)),
  );
  const waveOf = new Map(responses.map((r) => [r.id, r.wave ?? NO_WAVE]));
  const live = decisions.filter((d) => waveOf.has(d.responseId));
  return {
    run,
    decisions: live,
    responses,
    verifications,
    agreement,
    results: countsByWave(codebook, agreement, live, waveOf, await formWaves(db, column.formId)),
  };
}
