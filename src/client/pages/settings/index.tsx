import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import {
  FEATURE_LABELS,
  FEATURES,
  LANGUAGES,
  MONTHS,
  SETTINGS_SECTIONS,
} from '@shared/settings/settings';
import { EXPORT_STATUS_LABELS } from '@shared/settings/export-status';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { useShared } from '../../hooks/use-shared';
import { formatDateTime } from '@shared/format/date';

/** settings/index: the settings home, one card per section with what is set now */
export default function SettingsIndex({ settings, lastExport }: PagePropsOf<'settings/index'>) {
  const { auth } = useShared();
  const on = FEATURES.filter((f) => settings.features[f]);
  const language = LANGUAGES.find((l) => l.value === settings.language)?.label ?? settings.language;
  const summary: Record<(typeof SETTINGS_SECTIONS)[number]['key'], string> = {
    general: `${language}, ${settings.timezone}; fiscal year from ${MONTHS[settings.fiscalYearStartMonth - 1]}; deleted responses kept ${settings.retentionDays} days.`,
    features:
      on.length === FEATURES.length
        ? 'Every feature is on.'
        : on.length === 0
          ? 'Every feature is off.'
          : `On: ${on.map((f) => FEATURE_LABELS[f].label).join(', ')}.`,
    limits: `AI requests: ${settings.aiMonthlyLimit ?? 'no limit'}; responses per form: ${settings.publicResponsesMonthlyLimit ?? 'no limit'} a month.`,
    video: settings.videoUrl ? `Video: ${settings.videoUrl}` : 'No onboarding video yet.',
    export: lastExport
      ? `Last export: ${EXPORT_STATUS_LABELS[lastExport.status].label.toLowerCase()}, ${formatDateTime(lastExport.createdAt)}.`
      : 'No export yet.',
  };
  return (
    <Stack gap="lg" maw={1100}>
      <Head title="Settings" />
      <PageHeader
        crumbs={[{ label: 'Settings' }]}
        title="Settings"
        subtitle={auth.team ? `For everyone in ${auth.team.name}.` : null}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {SETTINGS_SECTIONS.map((s) => (
          <Card key={s.key} withBorder padding="lg" radius="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} href={route(s.route)} fw={600}>
                  {s.title}
                </Anchor>
                {s.key === 'features' && (
                  <Badge variant="light">
                    {on.length} of {FEATURES.length} on
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {s.description}
              </Text>
              <Text size="sm">{summary[s.key]}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
