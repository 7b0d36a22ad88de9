import { Button, Group } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import type { InsightsData, InsightsFilters } from '@shared/insights/insights';

/** Period range and disaggregation category; each change reloads the view with the filters in the URL. */
export function InsightsFilterBar({
  data,
  onChange,
}: {
  data: InsightsData;
  onChange: (next: InsightsFilters) => void;
}) {
  const f = data.filters;
  const set = (patch: Partial<InsightsFilters>) => onChange({ ...f, ...patch });
  const any = f.from || f.to || f.dis;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ChoiceSelect
        label="From period"
        noneLabel="First period"
        data={data.periodOptions}
        value={f.from}
        onChange={(v) => set({ from: v || null })}
        w={170}
        size="sm"
      />
      <ChoiceSelect
        label="To period"
        noneLabel="Last period"
        data={data.periodOptions}
        value={f.to}
        onChange={(v) => set({ to: v || null })}
        w={170}
        size="sm"
      />
      <ChoiceSelect
        label="Disaggregation"
        noneLabel="Totals"
        data={data.disaggregationOptions}
        value={f.dis}
        onChange={(v) => set({ dis: v || null })}
        w={220}
        size="sm"
        disabled={!data.disaggregationOptions.length && !f.dis}
      />
      {any && (
        <Button
          variant="subtle"
          size="sm"
          onClick={() => onChange({ from: null, to: null, dis: null })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
