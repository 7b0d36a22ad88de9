import { Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import type { InsightsData, InsightsFilters } from '@shared/insights/insights';

const NO_FILTERS: InsightsFilters = {
  from: null,
  to: null,
  dis: null,
  wave: null,
  form: null,
  source: null,
  site: null,
};

type Key = keyof InsightsFilters;
type Options = Array<{ value: string; label: string }>;

/** Each filter that is on, as a chip: what it reads as, and the filters without it. */
export function filterChips(data: InsightsData) {
  const f = data.filters;
  const labelOf = (options: Options, v: string) => options.find((o) => o.value === v)?.label ?? v;
  const chips: Array<{ key: Key; label: string }> = [];
  if (f.from) chips.push({ key: 'from', label: `From ${labelOf(data.periodOptions, f.from)}` });
  if (f.to) chips.push({ key: 'to', label: `To ${labelOf(data.periodOptions, f.to)}` });
  if (f.dis) chips.push({ key: 'dis', label: labelOf(data.disaggregationOptions, f.dis) });
  if (f.wave) chips.push({ key: 'wave', label: `Wave: ${f.wave}` });
  if (f.form) chips.push({ key: 'form', label: `Form: ${labelOf(data.formOptions, f.form)}` });
  if (f.source)
    chips.push({ key: 'source', label: `Source: ${labelOf(data.sourceOptions, f.source)}` });
  if (f.site) chips.push({ key: 'site', label: `Site: ${f.site}` });
  return chips;
}

/**
 * Period range, disaggregation category, and the row filters (survey wave, form, source dataset,
 * site); each change reloads the view with the filters in the URL. The filters on show as chips,
 * each with its own clear button.
 */
export function InsightsFilterBar({
  data,
  onChange,
}: {
  data: InsightsData;
  onChange: (next: InsightsFilters) => void;
}) {
  const f = data.filters;
  const set = (patch: Partial<InsightsFilters>) => onChange({ ...f, ...patch });
  const chips = filterChips(data);
  const select = (key: Key, label: string, noneLabel: string, options: Options, w = 190) => (
    <ChoiceSelect
      key={key}
      label={label}
      noneLabel={noneLabel}
      data={options}
      value={f[key]}
      onChange={(v) => set({ [key]: v || null })}
      w={w}
      size="sm"
      disabled={!options.length && !f[key]}
    />
  );
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {select('from', 'From period', 'First period', data.periodOptions, 170)}
        {select('to', 'To period', 'Last period', data.periodOptions, 170)}
        {select('dis', 'Disaggregation', 'Totals', data.disaggregationOptions, 220)}
        {select('wave', 'Wave', 'Every wave', data.waveOptions)}
        {select('form', 'Form', 'Every form', data.formOptions)}
        {select('source', 'Source', 'Every dataset', data.sourceOptions)}
        {select('site', 'Site', 'Every site', data.siteOptions)}
      </Group>
      {chips.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label="Filters on" role="group">
          <Text size="sm" c="dimmed">
            Filters:
          </Text>
          {chips.map((c) => (
            <Badge
              key={c.key}
              size="lg"
              variant="light"
              color="gray"
              tt="none"
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={`Clear ${c.label}`}
                  onClick={() => set({ [c.key]: null })}
                />
              }
            >
              {c.label}
            </Badge>
          ))}
          <Button variant="subtle" size="xs" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}
