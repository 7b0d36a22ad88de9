import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import { Anchor, Breadcrumbs, Group, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

export interface Crumb {
  label: string;
  href?: string;
}

/** Breadcrumbs, a title with an optional badge, a subtitle and actions on the right (wrapping on phones). */
export function PageHeader({
  crumbs,
  title,
  badge,
  subtitle,
  actions,
}: {
  crumbs: Crumb[];
  title: ReactNode;
  badge?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Breadcrumbs
        separatorMargin={6}
        aria-label="Breadcrumb"
        styles={{ root: { flexWrap: 'wrap' } }}
      >
        {crumbs.map((c, i) =>
          c.href ? (
            <Anchor key={i} component={Link} href={c.href} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} size="sm" c="dimmed" truncate maw={260} aria-current="page">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="sm" wrap="wrap">
            <PageTitle style={{ overflowWrap: 'anywhere' }}>{title}</PageTitle>
            {badge}
          </Group>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
