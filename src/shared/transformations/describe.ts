import { COLUMN_TYPE_LABELS } from '../datasets/column-types.js';
import type { RecipeColumn } from './transformations.pages.js';
import type { AggregateFn, Step } from './steps.js';
import type { DateOrder } from './dates.js';

export const STEP_KIND_LABELS: Record<Step['kind'], string> = {
  cleanup: 'Clean up values',
  fill: 'Fill missing values',
  filter: 'Filter rows',
  columns: 'Column names and types',
  derive: 'Derived column',
  bins: 'Recode into categories',
  dedupe: 'Remove duplicates',
  join: 'Join another dataset',
  append: 'Append another dataset',
  aggregate: 'Group and aggregate',
  query: 'SQL query',
  split: 'Split a column',
  merge: 'Merge columns',
};

/** How a year-last date such as 05/03/2024 is read */
const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: 'day/month (5 March)',
  mdy: 'month/day (May 3)',
};

export const AGGREGATE_LABELS: Record<AggregateFn, string> = {
  count: 'Count',
  count_distinct: 'Count distinct',
  sum: 'Sum',
  mean: 'Mean',
  min: 'Minimum',
  max: 'Maximum',
  median: 'Median',
};

const quote = (s: string) => `“${s}”`;
const list = (xs: string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** A step in plain words, with the column labels it had when the step ran */
export function describeStep(
  step: Step,
  columns: readonly RecipeColumn[],
  /** the names of the datasets a join or an append reads, by id */
  datasets: Readonly<Record<string, string>> = {},
): string {
  const dataset = (id: string) => quote(datasets[id] ?? 'another dataset');
  const name = (k: string) => quote(columns.find((c) => c.key === k)?.label ?? k);
  const names = (ks: string[]) => list(ks.map(name));
  /** an expression with its references as column labels */
  const words = (e: string) => e.trim().replace(/\$\{([^}]+)\}/g, (_, k: string) => name(k));
  switch (step.kind) {
    case 'cleanup':
      switch (step.op) {
        case 'trim':
          return `Trim spaces around the values of ${names(step.columns)}.`;
        case 'lower':
          return `Make ${names(step.columns)} lower case.`;
        case 'upper':
          return `Make ${names(step.columns)} upper case.`;
        case 'remove':
          return `Remove the characters ${quote(step.characters)} from ${names(step.columns)}.`;
        case 'replace':
          return `In ${names(step.columns)}, replace ${list(
            step.mapping.map((m) => `${quote(m.from)} with ${quote(m.to)}`),
          )}${step.loose ? ' (ignoring case and surrounding spaces)' : ''}.`;
        case 'dates':
          return `Write the dates of ${names(step.columns)} as YYYY-MM-DD, reading 05/03/2024 as ${step.dateOrder
            .map((o) => DATE_ORDER_LABELS[o])
            .join(', or else ')}; other values are kept.`;
      }
      break;
    case 'fill':
      if (step.method === 'previous')
        return `Fill empty values of ${name(step.column)} with the last value above them.`;
      return step.method === 'constant'
        ? `Fill empty values of ${name(step.column)} with ${quote(step.value)}.`
        : `Fill empty values of ${name(step.column)} with the column’s ${step.method}.`;
    case 'filter':
      return `Keep the rows where ${words(step.expression) || '(no condition)'}.`;
    case 'columns':
      return step.changes
        .map((c) => {
          if (c.remove) return `Remove the column ${name(c.column)}.`;
          const parts: string[] = [];
          if (c.label) parts.push(`rename it ${quote(c.label)}`);
          if (c.type) {
            const fail =
              c.onFail === 'drop'
                ? 'drop the rows whose value does not convert'
                : c.onFail === 'default'
                  ? `values that do not convert become ${quote(c.default)}`
                  : 'values that do not convert become empty';
            parts.push(`change its type to ${COLUMN_TYPE_LABELS[c.type].toLowerCase()} (${fail})`);
          }
          return `Column ${name(c.column)}: ${parts.join(', ') || 'no change'}.`;
        })
        .join(' ');
    case 'derive':
      return `Add the column ${quote(step.label)} = ${words(step.expression)}.`;
    case 'bins': {
      const parts = step.labels.map((l, i) =>
        i === 0
          ? `below ${step.breaks[0]}: ${quote(l)}`
          : i === step.breaks.length
            ? `${step.breaks[i - 1]} and above: ${quote(l)}`
            : `${step.breaks[i - 1]} to below ${step.breaks[i]}: ${quote(l)}`,
      );
      return `Recode ${name(step.column)} into ${quote(step.label)}: ${parts.join('; ')}.`;
    }
    case 'dedupe':
      return `Remove duplicate rows (the same ${names(step.columns)}), keeping the ${step.keep}.`;
    case 'join':
      return `${step.how === 'inner' ? 'Keep only the rows that match' : 'Add to each row'} the first row of ${dataset(step.datasetId)} where ${list(
        step.on.map((o) => `${name(o.left)} = ${quote(o.right)}`),
      )}${step.how === 'inner' ? ', with its columns' : ''}; its columns are prefixed ${quote(step.prefix)}.`;
    case 'append':
      return `Append the rows of ${dataset(step.datasetId)} (columns matched by key; missing values empty).`;
    case 'aggregate': {
      const figures = list(
        step.aggregates.map((a) =>
          a.fn === 'count' && !a.column
            ? `${quote(a.label)} = the number of rows`
            : `${quote(a.label)} = ${AGGREGATE_LABELS[a.fn].toLowerCase()} of ${name(a.column)}`,
        ),
      );
      return step.groupBy.length
        ? `Group the rows by ${names(step.groupBy)}: ${figures}.`
        : `Summarise all rows in one: ${figures}.`;
    }
    case 'query': {
      const oneLine = step.sql.replace(/\s+/g, ' ').trim();
      return oneLine
        ? `Run the SQL query ${quote(oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine)} over the previous step’s rows.`
        : 'Run an SQL query over the previous step’s rows (not written yet).';
    }
    case 'split':
      return step.into === 'parts'
        ? `Split ${name(step.column)} at each ${quote(step.delimiter)} into ${step.count} columns ${quote(`${step.label} 1`)}…${quote(`${step.label} ${step.count}`)}.`
        : `Put the part of ${name(step.column)} ${step.into === 'first' ? 'before the first' : 'after the last'} ${quote(step.delimiter)} in the column ${quote(step.label)}.`;
    case 'merge':
      return `Merge ${names(step.columns)} into ${quote(step.label)}, separated by ${quote(step.separator)}.`;
  }
  return '';
}
