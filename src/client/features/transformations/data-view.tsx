import { Text } from '@mantine/core';
import type { TransformationPreview } from '@shared/transformations/transformations.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';

type PreviewRow = TransformationPreview['rows'][number];

/** The transformations data view: the sample rows after a step, touched columns marked */
export function DataView({
  preview,
  touched,
}: {
  preview: TransformationPreview;
  touched: string[];
}) {
  const columns: Array<DataTableColumn<PreviewRow>> = [
    {
      key: '_row',
      title: 'Row',
      render: (r) => (
        <Text span c="dimmed" fz="xs">
          {r._row}
        </Text>
      ),
    },
    ...preview.columns.map((c): DataTableColumn<PreviewRow> => ({
      key: c.key,
      label: c.label,
      title: touched.includes(c.key) ? (
        <Text
          span
          fz="inherit"
          fw="inherit"
          bg="var(--mantine-color-yellow-light)"
          px={4}
          title="Changed by this step"
        >
          {c.label}
        </Text>
      ) : (
        c.label
      ),
      render: (r) => {
        const v = r.values[c.key];
        return v === null || v === undefined ? (
          <Text span c="dimmed" fz="xs">
            empty
          </Text>
        ) : (
          <span style={{ whiteSpace: 'pre' }}>{String(v)}</span>
        );
      },
    })),
  ];
  return (
    <DataTable<PreviewRow>
      id="transformation-data-view"
      caption="Data after this step"
      rows={preview.rows}
      rowKey={(r) => r._row}
      plain
      minWidth={400}
      columns={columns}
      emptyAction="No rows are left after this step."
    />
  );
}
