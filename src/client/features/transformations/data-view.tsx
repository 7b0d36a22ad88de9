import { Table, Text } from '@mantine/core';
import type { TransformationPreview } from '@shared/transformations/transformations.pages';
import { ScrollX } from '../../components/scroll-x';

/** The transformations data view: the sample rows after a step, touched columns marked */
export function DataView({
  preview,
  touched,
}: {
  preview: TransformationPreview;
  touched: string[];
}) {
  if (!preview.rows.length)
    return (
      <Text size="sm" c="dimmed">
        No rows are left after this step.
      </Text>
    );
  return (
    <ScrollX label="Data after this step (scrolls sideways)">
      <Table
        striped
        withTableBorder
        withColumnBorders
        fz="xs"
        miw={400}
        aria-label="Data after this step"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {preview.columns.map((c) => (
              <Table.Th
                key={c.key}
                bg={touched.includes(c.key) ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((r) => (
            <Table.Tr key={r._row}>
              <Table.Td c="dimmed">{r._row}</Table.Td>
              {preview.columns.map((c) => {
                const v = r.values[c.key];
                return (
                  <Table.Td key={c.key} style={{ whiteSpace: 'pre' }}>
                    {v === null ? (
                      <Text span c="dimmed" fz="xs">
                        empty
                      </Text>
                    ) : (
                      String(v)
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollX>
  );
}
