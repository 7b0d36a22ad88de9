import { useMemo, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { LANGUAGES, MONTHS } from '@shared/settings/settings';
import { generalSettingsSchema } from '@shared/settings/settings.schemas';
import type { PagePropsOf } from '@shared/pages';
import { ChoiceSelect } from '../../components/choice-select';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

function timeZones(current: string) {
  let list: string[] = [];
  try {
    list = Intl.supportedValuesOf('timeZone');
  } catch {
    list = [];
  }
  return [...new Set(['UTC', current, ...list])].map((z) => ({ value: z, label: z }));
}

/** settings/show: the general settings (language, timezone, reporting periods, retention) */
export default function SettingsShow({ settings }: PagePropsOf<'settings/show'>) {
  const form = useForm({
    language: settings.language,
    timezone: settings.timezone,
    fiscalYearStartMonth: String(settings.fiscalYearStartMonth),
    retentionDays: String(settings.retentionDays),
  });
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, generalSettingsSchema)) return;
    form.put(route('settings.update'), { preserveScroll: true });
  };
  return (
    <SettingsFrame section="general">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label="Default language"
              description="New forms start in this language."
              data={LANGUAGES}
              value={form.data.language}
              onChange={(v) => form.setData('language', v)}
              error={form.errors.language}
            />
            <ChoiceSelect
              label="Timezone"
              description="The dashboard counts responses per day in this timezone."
              data={zones}
              searchable
              value={form.data.timezone}
              onChange={(v) => form.setData('timezone', v)}
              error={form.errors.timezone}
            />
            <ChoiceSelect
              label="Fiscal year starts in"
              description="Metrics reporting fiscal quarters or fiscal years (FY2027 ends in 2027) take this month when their period is set and keep it: changing it later does not move existing values or targets."
              data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
              value={form.data.fiscalYearStartMonth}
              onChange={(v) => form.setData('fiscalYearStartMonth', v)}
              error={form.errors.fiscalYearStartMonth}
            />
            <TextInput
              type="number"
              label="Keep deleted responses for (days)"
              description="A deleted response can be restored until then; afterwards it is removed for good."
              min={1}
              {...fieldProps(form, 'retentionDays', generalSettingsSchema)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.processing}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsFrame>
  );
}
