import { Badge, Button, List, Popover, Stack, Text } from '@mantine/core';
import { DATASET_WAVE } from '@shared/grids/grids';
import type { GridCellView, GridHeader } from '@shared/grids/grids.pages';
import { plural } from '@shared/format/plural';

const show = (v: string | number | string[] | null | undefined) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v);

/** The answers a cell used: which wave (a dataset's: which row), which question, the words quoted. */
function Citations({
  cell,
  label,
  questionLabel,
}: {
  cell: GridCellView;
  label: string;
  questionLabel: (key: string) => string;
}) {
  if (cell.citations.length === 0) return null;
  // the accessible name starts with the visible words ("2 sources of Meals a day, ...")
  const visible = plural(cell.citations.length, 'source');
  return (
    <Popover width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button variant="subtle" size="compact-xs" aria-label={`${visible} of ${label}`}>
          {visible}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <List type="ordered" size="sm" spacing={4}>
          {cell.citations.map((c, i) => (
            <List.Item key={i}>
              <Text size="xs" c="dimmed" component="span">
                {c.row !== undefined ? `row ${c.row}` : (c.wave ?? 'no wave')} ·{' '}
                {questionLabel(c.question)} ·{' '}
              </Text>
              <Text size="sm" component="span">
                “{c.quote}”
              </Text>
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One displayed cell: the wave's value, or a prompt column's sentence with its status. */
export function GridCell({
  header,
  cell,
  rowLabel,
  questionLabel,
}: {
  header: GridHeader;
  cell: GridCellView | undefined;
  rowLabel: string;
  questionLabel: (key: string) => string;
}) {
  if (!cell) return null;
  const label = `${header.title}${header.wave ? ` (${header.wave})` : ''}, ${rowLabel}`;
  const v = cell.value;
  if (v.kind === 'prompt')
    return (
      <Stack gap={2} maw={420} align="flex-start">
        {v.status !== 'answered' && (
          <Badge
            size="xs"
            variant="light"
            color={v.status === 'refused' ? 'red' : 'gray'}
            w="fit-content"
          >
            {v.status === 'refused' ? 'refused' : 'no data'}
          </Badge>
        )}
        <Text size="sm">{v.text}</Text>
        <Citations cell={cell} label={label} questionLabel={questionLabel} />
      </Stack>
    );
  // a dataset's grid keeps its cells' only value under DATASET_WAVE (its headers show no wave)
  const value = v.byWave[header.wave ?? DATASET_WAVE];
  const wave = header.wave;
  const ofWave = {
    ...cell,
    citations: cell.citations.filter((c) => c.wave === wave),
  };
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{show(value)}</Text>
      <Citations cell={ofWave} label={label} questionLabel={questionLabel} />
    </Stack>
  );
}
