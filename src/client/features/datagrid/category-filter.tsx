import { useState } from 'react';
import { Button, Checkbox, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useGridFilter, type CustomFilterProps } from 'ag-grid-react';
import type { CategoryModel } from './grid-query';

const label = (v: string) => (v === 'true' ? 'Yes' : v === 'false' ? 'No' : v);

/**
 * A category (or yes/no) column's filter: a set of its values, or empty / not empty. The rows are
 * filtered on the server (the infinite row model), so it never tests a row itself.
 */
export function CategoryFilter(
  props: CustomFilterProps<unknown, unknown, CategoryModel> & { values: string[] | null },
) {
  const { model, onModelChange, values } = props;
  const [mode, setMode] = useState<CategoryModel['mode']>(model?.mode ?? 'values');
  const [picked, setPicked] = useState<string[]>(model?.values ?? []);
  useGridFilter({ doesFilterPass: () => true });
  const apply = () =>
    onModelChange(
      mode === 'values' && !picked.length
        ? null
        : { filterType: 'category', mode, values: mode === 'values' ? picked : [] },
    );
  const reset = () => {
    setMode('values');
    setPicked([]);
    onModelChange(null);
  };
  return (
    <Stack gap="xs" p="sm" w={240}>
      <Radio.Group
        value={mode}
        onChange={(v) => setMode(v as CategoryModel['mode'])}
        label="Show rows"
        size="xs"
      >
        <Stack gap={4} mt={4}>
          <Radio value="values" label="With one of these values" />
          <Radio value="empty" label="Empty" />
          <Radio value="not_empty" label="Not empty" />
        </Stack>
      </Radio.Group>
      {mode === 'values' &&
        (values?.length ? (
          <ScrollArea.Autosize mah={220} type="auto">
            <Checkbox.Group value={picked} onChange={setPicked} aria-label="Values" size="xs">
              <Stack gap={4}>
                {values.map((v) => (
                  <Checkbox key={v} value={v} label={label(v)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        ) : (
          <Text size="xs" c="dimmed">
            This column has more than 100 different values: filter it as text instead.
          </Text>
        ))}
      <Group gap="xs" justify="flex-end">
        <Button size="compact-xs" variant="default" onClick={reset}>
          Reset
        </Button>
        <Button size="compact-xs" onClick={apply}>
          Apply
        </Button>
      </Group>
    </Stack>
  );
}
