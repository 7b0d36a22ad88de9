import { useState, type ReactNode } from 'react';
import { Link, router } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconChartDots3,
  IconClipboardList,
  IconFileSpreadsheet,
  IconPencil,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ProblemHeader, ProjectRefProps } from '@shared/problems/problems.types';
import { SaveToLibraryButton } from '../libraries/save-to-library-button';
import { usePageProps, useShared } from '../../hooks/use-shared';
import { ProblemChanakyaPanel } from '../chanakya/problem-panel';
import { plural, PROBLEM_STATUS_COLORS, problemStatusLabel } from './labels';
import { PageTitle } from '../../components/page-title';

/** Projects > project > (problem) > ... */
export function ProblemBreadcrumbs({
  project,
  problem,
  current,
}: {
  project: ProjectRefProps;
  problem?: { id: string; title: string; tab?: string };
  current: string;
}) {
  const items: ReactNode[] = [];
  items.push(
    <Anchor key="projects" component={Link} href={route('projects.index')} size="sm">
      Projects
    </Anchor>,
  );
  items.push(
    <Anchor
      key="project"
      component={Link}
      href={route('projects.show', { project: project.id })}
      size="sm"
    >
      {project.name}
    </Anchor>,
  );
  if (problem)
    items.push(
      <Anchor
        key="problem"
        component={Link}
        href={route('problems.show', { problem: problem.id, tab: problem.tab })}
        size="sm"
      >
        {problem.title}
      </Anchor>,
    );
  items.push(
    <Text key="current" size="sm" c="dimmed" lineClamp={1}>
      {current}
    </Text>,
  );
  return (
    <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
      {items}
    </Breadcrumbs>
  );
}

export function ArchivedNotice({ project }: { project: ProjectRefProps }) {
  if (!project.archived) return null;
  return (
    <Alert color="yellow" variant="light" title="This project is archived">
      You can read everything here, but nothing can be changed until the project is restored from
      the project page.
    </Alert>
  );
}

interface HeaderProps {
  problem: ProblemHeader;
  project: ProjectRefProps;
  can: { update: boolean; delete: boolean };
}

/** Title, status, the views of this problem (diagram, table, logframe) and edit / delete. */
export function ProblemPageHeader({ problem, project, can }: HeaderProps) {
  const [deleting, setDeleting] = useState(false);
  const { features } = useShared();
  const writable = !project.archived;
  return (
    <Stack gap="xs">
      <ProblemBreadcrumbs project={project} current={problem.title} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center" wrap="nowrap" style={{ minWidth: 0 }}>
          <PageTitle style={{ overflowWrap: 'anywhere' }}>{problem.title}</PageTitle>
          <Badge
            variant="light"
            color={PROBLEM_STATUS_COLORS[problem.status]}
            style={{ flexShrink: 0 }}
          >
            {problemStatusLabel(problem.status)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            href={route('problems.diagram', { problem: problem.id })}
            variant="light"
            size="sm"
            leftSection={<IconChartDots3 size={16} />}
          >
            Diagram
          </Button>
          <Button
            component={Link}
            href={route('problems.table', { problem: problem.id })}
            variant="light"
            size="sm"
            leftSection={<IconTable size={16} />}
          >
            Table
          </Button>
          <Button
            component={Link}
            href={route('forms.surveys', { project: project.id })}
            variant="light"
            size="sm"
            leftSection={<IconClipboardList size={16} />}
          >
            Survey forms
          </Button>
          {features?.assistant !== false && (
            <ProblemChanakyaPanel problem={{ id: problem.id, title: problem.title }} />
          )}
          <Button
            component="a"
            href={route('logframe.export', { problem: problem.id })}
            variant="default"
            size="sm"
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Logframe
          </Button>
          {can.update && (
            <SaveToLibraryButton problem={{ id: problem.id, title: problem.title }} size="sm" />
          )}
          {can.update && writable && (
            <Button
              component={Link}
              href={route('problems.edit', { problem: problem.id })}
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
          )}
          {can.delete && writable && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} />}
              onClick={() => (setDeleting(true), router.reload({ only: ['deletion'] }))}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <DeleteProblemModal problem={problem} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

/** Loads what goes with the problem (partial reload of the `deletion` prop) and asks to confirm. */
function DeleteProblemModal({
  problem,
  opened,
  onClose,
}: {
  problem: ProblemHeader;
  opened: boolean;
  onClose: () => void;
}) {
  const { deletion } = usePageProps<'problems/full-view'>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this problem?" centered>
      <Stack>
        <Text size="sm">“{problem.title}” and its whole theory of change will be deleted:</Text>
        {deletion ? (
          <List size="sm" spacing={2}>
            <List.Item>
              {plural(deletion.elements, 'element')} (activities, outputs, outcomes and impact)
            </List.Item>
            <List.Item>{plural(deletion.links, 'link')}</List.Item>
            <List.Item>
              {plural(deletion.metrics, 'metric')}, {plural(deletion.dataPoints, 'data point')} and{' '}
              {plural(deletion.surveyQuestions, 'survey question')}
            </List.Item>
            <List.Item>{plural(deletion.values, 'recorded value')}</List.Item>
          </List>
        ) : (
          <Loader size="sm" />
        )}
        <Text size="sm" c="dimmed">
          This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => (
              setBusy(true),
              router.delete(route('problems.destroy', { problem: problem.id }), {
                onFinish: () => setBusy(false),
              })
            )}
          >
            Delete problem
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
