import type { KindDistribution } from '@shared/coding/kinds.pages';
import { DataTable } from '../../../components/data-table';

const pct = (n: number, total: number) => (total ? Math.round((1000 * n) / total) / 10 : 0);

/** Counts (and % of the wave's responses) per category and wave: sentiment labels or rubric levels. */
export function DistributionTable({
  distribution,
  categoryTitle,
  noneLabel,
}: {
  distribution: KindDistribution;
  categoryTitle: (category: string) => string;
  noneLabel: string;
}) {
  type Row = { key: string; title: string; cells: Array<{ n: number; total: number }> };
  const rows: Row[] = [
    ...distribution.categories.map((c, i) => ({
      key: c,
      title: categoryTitle(c),
      cells: distribution.rows.map((w) => ({ n: w.counts[i], total: w.responses })),
    })),
    {
      key: '__none',
      title: noneLabel,
      cells: distribution.rows.map((w) => ({ n: w.none, total: w.responses })),
    },
  ];
  return (
    <DataTable<Row>
      id="kind-distribution"
      caption="Responses per category and wave"
      rows={rows}
      rowKey={(r) => r.key}
      plain
      minWidth={480}
      columns={[
        { key: 'title', title: 'Value', render: (r) => r.title },
        ...distribution.rows.map((w, i) => ({
          key: `wave:${w.wave}`,
          title: `${w.wave} (${w.responses})`,
          align: 'right' as const,
          render: (r: Row) => `${r.cells[i].n} (${pct(r.cells[i].n, r.cells[i].total)}%)`,
        })),
      ]}
    />
  );
}
