import { Drawer, Table, Text } from '@mantine/core';
import type { CellValue, DatagridProps, DatasetRow } from '@shared/datasets/datasets.pages';
import { count } from '../sources/labels';

/** A value as the grid shows it: yes/no for booleans, empty values said */
export function displayValue(v: CellValue, type: string): string {
  if (v === null) return '';
  if (type === 'boolean') return v === true || v === 'true' ? 'Yes' : 'No';
  return String(v);
}

/** The row detail: every column of one row, label beside value */
export function RowDrawer({
  row,
  columns,
  onClose,
}: {
  row: DatasetRow | null;
  columns: DatagridProps['columns'];
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={row ? `Row ${count(row._row)}` : ''}
    >
      {row && (
        <Table withRowBorders verticalSpacing={6}>
          <Table.Tbody>
            {columns.map((c) => {
              const v = row.values[c.key] ?? null;
              return (
                <Table.Tr key={c.key}>
                  <Table.Th scope="row" w="40%" fw={500}>
                    {c.label}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    {v === null ? (
                      <Text span size="sm" c="dimmed" fs="italic">
                        empty
                      </Text>
                    ) : (
                      displayValue(v, c.type)
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
