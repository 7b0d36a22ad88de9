import type { Db } from '../../platform/db/client.js';
import { drawSample, sampleSize } from '../../../shared/coding/sample.js';
import { liveResponses, type ColumnRow } from './coding.queries.js';

/**
 * The column's verification sample: `samplePercent` of the live responses (at least 10, or all),
 * drawn with the column's id as the seed (shared/coding/sample.ts), so the same responses come up
 * for every verifier and every run.
 */
export async function sampleOf(db: Db, column: ColumnRow) {
  const responses = await liveResponses(db, column.formId);
  const size = sampleSize(responses.length, column.samplePercent);
  const ids = drawSample(
    responses.map((r) => r.id),
    column.id,
    size,
  );
  return { ids, responses };
}
