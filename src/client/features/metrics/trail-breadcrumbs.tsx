import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import type { Trail } from '@shared/metrics/metrics.pages';

/** Projects > project > problem > element > ... */
export function TrailBreadcrumbs({
  trail,
  tail,
}: {
  trail: Trail;
  tail: Array<{ label: string; href?: string | null }>;
}) {
  const items = [
    { label: 'Projects', href: route('projects.index') },
    { label: trail.project.name, href: route('projects.show', { project: trail.project.id }) },
    { label: trail.problem.title, href: route('problems.show', { problem: trail.problem.id }) },
    { label: trail.element.title, href: route('elements.show', { element: trail.element.id }) },
    ...tail,
  ];
  return (
    <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
      {items.map((it, i) =>
        it.href && i < items.length - 1 ? (
          <Anchor key={i} component={Link} href={it.href} size="sm" lineClamp={1} maw={220}>
            {it.label}
          </Anchor>
        ) : (
          <Text key={i} size="sm" c="dimmed" lineClamp={1} maw={220}>
            {it.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
