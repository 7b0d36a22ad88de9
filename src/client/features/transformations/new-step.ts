import type { RecipeColumn } from '@shared/transformations/transformations.pages';
import type { Step } from '@shared/transformations/steps';

const TEXTUAL = new Set(['text', 'category']);
const NUMERIC = new Set(['integer', 'decimal']);

export const textColumns = (cols: readonly RecipeColumn[]) =>
  cols.filter((c) => TEXTUAL.has(c.type));
export const numberColumns = (cols: readonly RecipeColumn[]) =>
  cols.filter((c) => NUMERIC.has(c.type));

const newId = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new step of a kind, with a sensible start on the columns it can see */
export function newStep(kind: Step['kind'], cols: readonly RecipeColumn[]): Step {
  const base = { id: newId(), enabled: true };
  const firstText = textColumns(cols)[0]?.key ?? cols[0]?.key ?? '';
  const firstNumber = numberColumns(cols)[0]?.key ?? cols[0]?.key ?? '';
  switch (kind) {
    case 'cleanup':
      return {
        ...base,
        kind,
        op: 'trim',
        columns: textColumns(cols).map((c) => c.key),
        characters: '',
        mapping: [],
        loose: true,
        dateOrder: ['dmy', 'mdy'],
      };
    case 'fill':
      return { ...base, kind, column: firstText, method: 'constant', value: '' };
    case 'filter':
      return { ...base, kind, expression: '' };
    case 'columns':
      return {
        ...base,
        kind,
        changes: [
          {
            column: cols[0]?.key ?? '',
            label: '',
            type: null,
            onFail: 'null',
            default: '',
            remove: false,
          },
        ],
      };
    case 'derive':
      return { ...base, kind, label: 'New column', expression: '' };
    case 'bins':
      return {
        ...base,
        kind,
        column: firstNumber,
        label: 'Group',
        breaks: [18, 60],
        labels: ['Under 18', '18 to 59', '60 and over'],
      };
    case 'dedupe':
      return { ...base, kind, columns: cols[0] ? [cols[0].key] : [], keep: 'first' };
    case 'join':
      return {
        ...base,
        kind,
        datasetId: '',
        how: 'left',
        on: [{ left: cols[0]?.key ?? '', right: '' }],
        prefix: 'Other',
      };
    case 'append':
      return { ...base, kind, datasetId: '' };
    case 'aggregate':
      return {
        ...base,
        kind,
        groupBy: textColumns(cols)[0] ? [textColumns(cols)[0].key] : [],
        aggregates: [{ fn: 'count', column: '', label: 'Count' }],
      };
    case 'query':
      return {
        ...base,
        kind,
        sql: `SELECT *\nFROM previous\nORDER BY _row`,
      };
    case 'split':
      return {
        ...base,
        kind,
        column: firstText,
        delimiter: ' ',
        into: 'parts',
        count: 2,
        label: 'Part',
      };
    case 'merge':
      return {
        ...base,
        kind,
        columns: textColumns(cols)
          .slice(0, 2)
          .map((c) => c.key),
        separator: ' ',
        label: 'Merged',
      };
  }
}
