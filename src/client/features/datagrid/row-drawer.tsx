import { Box, Drawer, Group, Text } from '@mantine/core';
import type { CellValue, DatagridProps, DatasetRow } from '@shared/datasets/datasets.pages';
import { count } from '../sources/labels';
import { useLastShown } from '../../hooks/use-last-shown';

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
  const titled = useLastShown(row);
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={titled ? `Row ${count(titled._row)}` : 'Row'}
    >
      {row && (
        <Box component="dl" m={0}>
          {columns.map((c) => {
            const v = row.values[c.key] ?? null;
            return (
              <Group
                key={c.key}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text component="dt" size="sm" fw={500} w="40%" style={{ flexShrink: 0 }}>
                  {c.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
                  {v === null ? (
                    <Text span size="sm" c="dimmed" fs="italic">
                      empty
                    </Text>
                  ) : (
                    displayValue(v, c.type)
                  )}
                </Text>
              </Group>
            );
          })}
        </Box>
      )}
    </Drawer>
  );
}
