import type { ReactNode } from 'react';
import { Link } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { router } from '@inertiajs/react';
import { route } from '@shared/route';
import { PROBLEM_STATUS_LABELS } from '@shared/toc/vocabulary';
import type { ProblemViewHeader } from '@shared/problems/toc-views.pages';

export interface ProblemHeaderProps {
  problem: ProblemViewHeader;
  view: 'diagram' | 'table';
  actions?: ReactNode;
}

/** Breadcrumbs (Projects › project › problem), the problem's title and the switch between its views. */
export function ProblemHeader({ problem, view, actions }: ProblemHeaderProps) {
  const views = [
    { value: 'show', label: 'Full view', href: route('problems.show', { problem: problem.id }) },
    {
      value: 'diagram',
      label: 'Diagram',
      href: route('problems.diagram', { problem: problem.id }),
    },
    { value: 'table', label: 'Table', href: route('problems.table', { problem: problem.id }) },
  ];
  const crumbs = [
    { label: 'Projects', href: route('projects.index') },
    { label: problem.project.name, href: route('projects.show', { project: problem.project.id }) },
    { label: problem.title, href: route('problems.show', { problem: problem.id }) },
  ];

  return (
    <Stack gap={6}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((c) =>
          c.href ? (
            <Anchor key={c.label} component={Link} href={c.href} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={c.label} size="sm" c="dimmed">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs" miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {problem.title}
          </Title>
          <Badge variant="light" color={problem.status === 'active' ? 'green' : 'gray'}>
            {PROBLEM_STATUS_LABELS[problem.status] ?? problem.status}
          </Badge>
          {problem.project.archived && <Badge color="gray">Archived project</Badge>}
        </Group>
        <Group gap="xs">
          {actions}
          <SegmentedControl
            size="xs"
            value={view}
            data={views.map((v) => ({ value: v.value, label: v.label }))}
            onChange={(v) => router.visit(views.find((x) => x.value === v)!.href)}
            aria-label="Problem views"
          />
        </Group>
      </Group>
    </Stack>
  );
}
