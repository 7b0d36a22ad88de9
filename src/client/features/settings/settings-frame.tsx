import type { ReactNode } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Card, Group, NavLink, Stack } from '@mantine/core';
import { route } from '@shared/route';
import { SETTINGS_SECTIONS } from '@shared/settings/settings';
import { PageHeader } from '../projects/page-header';

type SectionKey = (typeof SETTINGS_SECTIONS)[number]['key'];

/** A settings section page: breadcrumbs to the settings home, the sections as a side menu, the form. */
export function SettingsFrame({
  section,
  subtitle,
  children,
}: {
  section: SectionKey;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const current = SETTINGS_SECTIONS.find((s) => s.key === section)!;
  return (
    <Stack gap="lg" maw={1100}>
      <Head title={`${current.title} · Settings`} />
      <PageHeader
        crumbs={[{ label: 'Settings', href: route('settings.index') }, { label: current.title }]}
        title={current.title}
        subtitle={subtitle ?? current.description}
      />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <nav aria-label="Settings sections" style={{ width: 230, flexShrink: 0 }}>
          {SETTINGS_SECTIONS.map((s) => (
            <NavLink
              key={s.key}
              component={Link}
              href={route(s.route)}
              label={s.title}
              active={s.key === section}
              aria-current={s.key === section ? 'page' : undefined}
            />
          ))}
        </nav>
        <Card withBorder padding="lg" radius="md" style={{ flex: 1, minWidth: 300 }}>
          {children}
        </Card>
      </Group>
    </Stack>
  );
}
