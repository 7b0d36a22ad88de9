import { useState, type RefObject } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Popover,
  SegmentedControl,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowBarToDown, IconColumns } from '@tabler/icons-react';
import type { DatagridProps } from '@shared/datasets/datasets.pages';
import { count } from '../sources/labels';
import type { DatasetGridHandle } from './dataset-grid';

type Pin = 'none' | 'left' | 'right';

/** Show, hide and pin the columns (AG Grid Community has no columns panel) */
function ColumnsMenu({
  grid,
  columns,
}: {
  grid: RefObject<DatasetGridHandle | null>;
  columns: DatagridProps['columns'];
}) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [pins, setPins] = useState<Record<string, Pin>>({});
  const api = () => grid.current?.api();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs" mah={420} style={{ overflowY: 'auto' }}>
        <Table verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Shown</Table.Th>
              <Table.Th>Pinned</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td>
                  <Text size="sm">{c.label}</Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Show ${c.label}`}
                    checked={!hidden.has(c.key)}
                    onChange={(e) => {
                      const show = e.currentTarget.checked;
                      api()?.setColumnsVisible([c.key], show);
                      setHidden((h) => {
                        const n = new Set(h);
                        if (show) n.delete(c.key);
                        else n.add(c.key);
                        return n;
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    aria-label={`Pin ${c.label}`}
                    value={pins[c.key] ?? 'none'}
                    data={[
                      { value: 'none', label: 'No' },
                      { value: 'left', label: 'Left' },
                      { value: 'right', label: 'Right' },
                    ]}
                    onChange={(v) => {
                      const pin = v as Pin;
                      api()?.setColumnsPinned([c.key], pin === 'none' ? null : pin);
                      setPins((p) => ({ ...p, [c.key]: pin }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}

/** How many rows match, "go to row N", the last row, and the columns menu */
export function GridToolbar({
  grid,
  columns,
  total,
  rowCount,
  filtered,
}: {
  grid: RefObject<DatasetGridHandle | null>;
  columns: DatagridProps['columns'];
  total: number | null;
  rowCount: number;
  filtered: boolean;
}) {
  const [target, setTarget] = useState<string | number>('');
  const goTo = (n: number) => {
    const api = grid.current?.api();
    if (!api || n < 1) return;
    api.ensureIndexVisible(n - 1, 'top');
    api.setFocusedCell(n - 1, '_row');
  };
  const max = total ?? rowCount;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Text size="sm" role="status" aria-live="polite">
        {total === null
          ? 'Counting rows…'
          : filtered
            ? `${count(total)} of ${count(rowCount)} rows match the filters`
            : `${count(total)} rows`}
      </Text>
      <Group gap="sm" align="flex-end">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(target);
            if (Number.isInteger(n)) goTo(Math.min(Math.max(n, 1), max));
          }}
        >
          <Group gap={6} align="flex-end">
            <NumberInput
              label="Go to row"
              value={target}
              onChange={setTarget}
              min={1}
              max={Math.max(1, max)}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              w={140}
            />
            <Button type="submit" variant="default" disabled={!max}>
              Go
            </Button>
          </Group>
        </form>
        <Button
          variant="default"
          leftSection={<IconArrowBarToDown size={16} />}
          disabled={!max}
          onClick={() => goTo(max)}
        >
          Last row
        </Button>
        <ColumnsMenu grid={grid} columns={columns} />
      </Group>
    </Group>
  );
}
