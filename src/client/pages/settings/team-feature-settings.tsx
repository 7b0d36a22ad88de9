import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { route } from '@shared/route';
import { FEATURE_LABELS, FEATURES } from '@shared/settings/settings';
import { featureSettingsSchema } from '@shared/settings/settings.schemas';
import type { PagePropsOf } from '@shared/pages';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { passesCheck } from '../../lib/form-check';

/** settings/team-feature-settings: each capability on or off for the whole team */
export default function TeamFeatureSettings({
  features,
}: PagePropsOf<'settings/team-feature-settings'>) {
  const form = useForm({ ...features });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, featureSettingsSchema)) return;
    form.put(route('settings.features.update'), { preserveScroll: true });
  };
  return (
    <SettingsFrame
      section="features"
      subtitle="A feature turned off disappears from the menus and the server refuses its pages and actions, for every member."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {FEATURES.map((f) => (
            <Switch
              key={f}
              name={f}
              size="md"
              label={FEATURE_LABELS[f].label}
              description={FEATURE_LABELS[f].description}
              checked={form.data[f]}
              onChange={(e) => form.setData(f, e.currentTarget.checked)}
              error={form.errors[f]}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={form.processing}>
              Save features
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsFrame>
  );
}
