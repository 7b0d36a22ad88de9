import { createHash } from 'node:crypto';
import type { AppliedCode } from '../../../shared/coding/coding.js';
import type { GridCellValue, GridCitation, GridColumn } from '../../../shared/grids/grids.js';
import { answerValue, citationOf, quoteOf, type QuestionInfo } from './grids.answers.js';
import { offlinePrompt } from './grids.offline.js';
import { modelPrompt, type ModelCellRun, type RowSubject } from './grids.model.js';
import type { GridSourceRow } from './grids.queries.js';

/** An intelligent column's coded responses (the coding module's latest finished run). */
export interface CodedColumn {
  runId: string | null;
  labels: Map<string, string>;
  status: Map<string, 'applied' | 'suggested'>;
  byResponse: Map<string, AppliedCode[]>;
}

export interface CellEnv {
  questions: Map<string, QuestionInfo>;
  /** by intelligent column id; null when the column is gone */
  coded: Map<string, CodedColumn | null>;
  /** set when a model is configured: prompt columns ask it */
  model: ModelCellRun | null;
  /** what a row is: a survey respondent's responses, a dataset row, a stakeholder's rows */
  subject: RowSubject;
}

export interface ComputedCell {
  value: GridCellValue;
  citations: GridCitation[];
}

/**
 * What a cell is computed from, hashed: the column's definition, the engine, the row's responses
 * (id and last change per wave; a dataset row: its number and values, all of a stakeholder's
 * rows when grouped) and, for an intelligent column, the coding run read. A cell of the previous
 * run with the same hash is carried over instead of computed again.
 */
export function inputHash(column: GridColumn, row: GridSourceRow, env: CellEnv): string {
  const source = row.waves.map((w) => [w.wave, w.responseId, w.row ?? null, w.updatedAt]);
  const extra =
    column.kind === 'intelligent'
      ? (env.coded.get(column.columnId)?.runId ?? 'none')
      : column.kind === 'prompt'
        ? env.model
          ? `model:${env.model.config.model}`
          : 'offline'
        : '';
  return createHash('sha256')
    .update(JSON.stringify([column, source, extra]))
    .digest('hex');
}

export async function computeCell(
  column: GridColumn,
  row: GridSourceRow,
  env: CellEnv,
): Promise<ComputedCell> {
  if (column.kind === 'question') {
    const q = env.questions.get(column.question);
    const byWave: Record<string, string | number | string[] | null> = {};
    const citations: GridCitation[] = [];
    // a stakeholder's dataset rows share the one wave: their values in row order
    const several: string[] = [];
    for (const w of row.waves) {
      const v = q ? answerValue(q, w.answers[q.key]) : null;
      // a form has each wave once; a stakeholder's rows: the first value, or all of them below
      byWave[w.wave] ??= v;
      if (v !== null && q) {
        citations.push(citationOf(w, q.key, quoteOf(v)));
        several.push(quoteOf(v));
      }
    }
    if (row.waves.length > 1 && row.waves.every((w) => w.row !== undefined) && several.length > 1)
      byWave[row.waves[0].wave] = several;
    return { value: { kind: 'question', byWave }, citations };
  }
  if (column.kind === 'intelligent') {
    const coded = env.coded.get(column.columnId) ?? null;
    const byWave: Record<string, string[]> = {};
    const citations: GridCitation[] = [];
    for (const w of row.waves) {
      const codes = (w.responseId && coded?.byResponse.get(w.responseId)) || [];
      byWave[w.wave] = codes.map((c) => {
        const label = coded!.labels.get(c.code) ?? c.code;
        return coded!.status.get(c.code) === 'applied' ? label : `${label} (suggested)`;
      });
      for (const c of codes)
        for (const s of c.spans) citations.push(citationOf(w, s.question, s.text));
    }
    return { value: { kind: 'intelligent', byWave }, citations };
  }
  const questions = column.questions.flatMap((k) => {
    const q = env.questions.get(k);
    return q ? [q] : [];
  });
  return env.model
    ? modelPrompt(env.model, column.prompt, questions, row.waves, env.subject)
    : offlinePrompt(column.prompt, questions, row.waves);
}
