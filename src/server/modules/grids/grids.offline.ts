import {
  DATASET_WAVE,
  type GridCellValue,
  type GridCitation,
} from '../../../shared/grids/grids.js';
import {
  answerValue,
  citationOf,
  isNumeric,
  isOpenText,
  quoteOf,
  type QuestionInfo,
  type WaveAnswers,
} from './grids.answers.js';

/**
 * The offline engine of a prompt column: no model, so it does not interpret the question in
 * words. For each chosen question it compares the row's answers across the waves (in the grid's
 * order): the old and new values, the numeric change, choices gained and lost; open text it only
 * tells equal or different (what changed in its meaning needs a model, and it says so). A
 * dataset's row has no waves: it lists the row's values; a stakeholder's dataset rows compare
 * like waves, in row order, each named "row 12". Every statement cites the answers it read as [n].
 */
const fmt = (n: number) => String(Math.round(n * 100) / 100);
const signed = (n: number) => (n > 0 ? `+${fmt(n)}` : fmt(n));
const show = (v: string | number | string[]) =>
  Array.isArray(v) ? (v.length ? v.join(', ') : 'none') : String(v);

export function offlinePrompt(
  prompt: string,
  questions: QuestionInfo[],
  waves: WaveAnswers[],
): { value: Extract<GridCellValue, { kind: 'prompt' }>; citations: GridCitation[] } {
  const citations: GridCitation[] = [];
  const changes: string[] = [];
  const deltas: Record<string, number> = {};
  const parts: string[] = [];
  let openTextDiffers = false;
  const row = waves.length === 1 && waves[0].wave === DATASET_WAVE;
  // a stakeholder's dataset rows compare like waves, each named by its row number
  const rows = waves.length > 1 && waves.every((w) => w.row !== undefined);
  for (const q of questions) {
    const points = waves.flatMap((w) => {
      const value = answerValue(q, w.answers[q.key]);
      if (value === null) return [];
      citations.push(citationOf(w, q.key, quoteOf(value)));
      return [
        { wave: w.row === undefined ? w.wave : `row ${w.row}`, value, ref: citations.length },
      ];
    });
    const refs = `[${points.map((p) => p.ref).join(', ')}]`;
    if (points.length === 0) {
      parts.push(row || rows ? `${q.label}: empty.` : `${q.label}: no answer in these waves.`);
      continue;
    }
    if (row) {
      parts.push(`${q.label}: ${show(points[0].value)} ${refs}.`);
      continue;
    }
    if (points.length === 1) {
      parts.push(
        `${q.label}: answered only at ${points[0].wave} (${show(points[0].value)}), nothing to compare ${refs}.`,
      );
      continue;
    }
    const first = points[0];
    const last = points[points.length - 1];
    const chain = points.map((p) => `${show(p.value)} (${p.wave})`).join(' → ');
    if (isNumeric(q) && typeof first.value === 'number' && typeof last.value === 'number') {
      const d = last.value - first.value;
      deltas[q.key] = d;
      parts.push(
        d === 0
          ? `${q.label}: ${chain}, no change ${refs}.`
          : `${q.label}: ${chain}, ${signed(d)} ${refs}.`,
      );
      changes.push(d === 0 ? `${q.label}: no change` : `${q.label}: ${d > 0 ? 'up' : 'down'}`);
    } else if (Array.isArray(first.value) || Array.isArray(last.value)) {
      const before = new Set([first.value].flat().map(String));
      const after = new Set([last.value].flat().map(String));
      const gained = [...after].filter((v) => !before.has(v));
      const lost = [...before].filter((v) => !after.has(v));
      const said = [
        gained.length ? `gained ${gained.join(', ')}` : '',
        lost.length ? `lost ${lost.join(', ')}` : '',
      ].filter(Boolean);
      parts.push(
        `${q.label}: ${chain}; ${said.length ? said.join('; ') : 'the same choices'} ${refs}.`,
      );
      for (const g of gained) changes.push(`${q.label}: gained ${g}`);
      for (const l of lost) changes.push(`${q.label}: lost ${l}`);
      if (!said.length) changes.push(`${q.label}: no change`);
    } else if (isOpenText(q)) {
      const same =
        String(first.value).trim().toLowerCase() === String(last.value).trim().toLowerCase();
      if (!same) openTextDiffers = true;
      parts.push(
        same
          ? `${q.label}: the same answer at ${first.wave} and ${last.wave} ${refs}.`
          : `${q.label}: the answers at ${first.wave} and ${last.wave} differ ${refs}; what changed in their meaning needs a model.`,
      );
      changes.push(same ? `${q.label}: no change` : `${q.label}: answer changed`);
    } else {
      const same = show(first.value) === show(last.value);
      parts.push(`${q.label}: ${chain}${same ? ', unchanged' : ''} ${refs}.`);
      changes.push(
        same ? `${q.label}: no change` : `${q.label}: ${show(first.value)} → ${show(last.value)}`,
      );
    }
  }
  if (citations.length === 0)
    return {
      value: {
        kind: 'prompt',
        engine: 'offline',
        status: 'no_data',
        text: row
          ? 'These columns are empty in this row.'
          : rows
            ? 'These columns are empty in this stakeholder’s rows.'
            : 'No answers to these questions in the chosen waves.',
        changes: [],
        deltas: {},
      },
      citations,
    };
  const note = row
    ? `Offline: the row’s values only; “${prompt}” itself needs a model to be answered in words.`
    : rows
      ? `Offline comparison of the stakeholder’s rows only: “${prompt}” itself needs a model to be answered in words.`
      : openTextDiffers
        ? `Offline comparison only: “${prompt}” is not answered in words, and the open answers need a model to compare.`
        : `Offline comparison only: “${prompt}” itself needs a model to be answered in words.`;
  return {
    value: {
      kind: 'prompt',
      engine: 'offline',
      status: 'answered',
      text: `${parts.join(' ')} ${note}`,
      changes,
      deltas,
    },
    citations,
  };
}
