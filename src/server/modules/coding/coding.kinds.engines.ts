import type { UseCase } from '../../platform/use-case/index.js';
import type { ColumnRow } from './coding.queries.js';
import type { ColumnKind } from '../../../shared/coding/kinds.js';
import { ENGINE, ENGINE_VERSION } from './coding.engine.js';
import { RUBRIC_ENGINE, RUBRIC_ENGINE_VERSION } from './coding.rubric.js';
import { SUMMARY_ENGINE, SUMMARY_ENGINE_VERSION } from './coding.summary.js';

const SENTIMENT_ENGINE = 'lexicon';
export const SENTIMENT_ENGINE_VERSION =
  'lexicon-1 (wink-nlp 2.4.0 sentiment, wink-eng-lite-web-model 1.8.1), indicative';

/** The offline engine (name and version recorded on runs and decisions) of each column kind. */
export function engineOf(kind: ColumnKind): { engine: string; version: string } {
  switch (kind) {
    case 'sentiment':
      return { engine: SENTIMENT_ENGINE, version: SENTIMENT_ENGINE_VERSION };
    case 'rubric':
      return { engine: RUBRIC_ENGINE, version: RUBRIC_ENGINE_VERSION };
    case 'summary':
      return { engine: SUMMARY_ENGINE, version: SUMMARY_ENGINE_VERSION };
    default:
      return { engine: ENGINE, version: ENGINE_VERSION };
  }
}

export const MODEL_ENGINE = 'model';

/** The engine a run records: the model (its name as the version) when chosen and configured. */
export function runEngine(
  uc: UseCase,
  chosen: ColumnRow['engine'],
  offline: { engine: string; version: string },
) {
  const ai = uc.ctx.config.ai;
  return chosen === 'model' && ai
    ? { engine: MODEL_ENGINE, engineVersion: ai.model }
    : { engine: offline.engine, engineVersion: offline.version };
}
