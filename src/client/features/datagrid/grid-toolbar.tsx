import { useState, type RefObject } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Popover,
  SegmentedControl,
  Stack,
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
        <Stack gap={6} role="list" aria-label="Columns">
          {columns.map((c) => (
            <Group key={c.key} gap="xs" wrap="nowrap" justify="space-between" role="listitem">
              <Text size="sm" style={{ flex: 1 }}>
                {c.label}
              </Text>
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
              <SegmentedControl
                size="xs"
                aria-label={`Pin ${c.label}`}
                value={pins[c.key] ?? 'none'}
                data={[
                  { value: 'none', label: 'Not pinned' },
                  { value: 'left', label: 'Left' },
                  { value: 'right', label: 'Right' },
                ]}
                onChange={(v) => {
                  const pin = v as Pin;
                  api()?.setColumnsPinned([c.key], pin === 'none' ? null : pin);
                  setPins((p) => ({ ...p, [c.key]: pin }));
                }}
              />
            </Group>
          ))}
        </Stack>
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
          noValidate
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
