import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Alert, Badge, Button, Card, Grid, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconClipboardList,
  IconChartBar,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ProjectView } from '@shared/projects/projects.schemas';
import { PageHeader } from '../../features/projects/page-header';
import { DeleteProjectModal } from '../../features/projects/delete-project-modal';
import { ProblemCards } from '../../features/projects/problem-cards';
import { ProjectActivity } from '../../features/projects/project-activity';
import { KeyMetrics } from '../../features/projects/key-metrics';
import { useShared } from '../../hooks/use-shared';
import { CommentThread } from '../../features/comments/comment-thread';
import { ImportLogframeButton } from '../../features/logframe/import-logframe-modal';
import { formatNumber } from '@shared/format/number';
import type { PagePropsOf } from '@shared/pages';

const fmtDate = (d: string) =>
  new Date(`${d}T00:00:00`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

function period(p: ProjectView): string | null {
  if (p.startDate && p.endDate) return `${fmtDate(p.startDate)} – ${fmtDate(p.endDate)}`;
  if (p.startDate) return `From ${fmtDate(p.startDate)}`;
  if (p.endDate) return `Until ${fmtDate(p.endDate)}`;
  return null;
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xl" fw={700} lh={1.2}>
        {formatNumber(value, 0)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}

/** projects/show: the project view — its problems, counts and recent activity. */
export default function ShowProject({
  project,
  problems,
  activity,
  counts,
  deletionImpact,
  can,
  keyMetrics,
}: PagePropsOf<'projects/show'>) {
  const { errors } = useShared();
  const [deleting, setDeleting] = useState(!!errors.confirm);
  const archived = project.status === 'archived';
  const post = (name: 'projects.archive' | 'projects.restore') =>
    router.post(route(name, { project: project.id }), {}, { preserveScroll: true });
  const meta = [project.funder && `Funder: ${project.funder}`, project.location, period(project)]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack maw={1200} gap="lg">
      <Head title={project.name} />
      <PageHeader
        crumbs={[{ label: 'Projects', href: route('projects.index') }, { label: project.name }]}
        title={project.name}
        badge={
          archived ? (
            <Badge color="gray">Archived</Badge>
          ) : (
            <Badge color="green" variant="light">
              Active
            </Badge>
          )
        }
        subtitle={meta || undefined}
        actions={
          <>
            <Button
              component={Link}
              href={route('forms.surveys', { project: project.id })}
              variant="light"
              leftSection={<IconClipboardList size={16} />}
            >
              Survey forms
            </Button>
            <Button
              component={Link}
              href={route('stakeholders.index', { project: project.id })}
              variant="light"
              leftSection={<IconUsers size={16} />}
            >
              Stakeholders
            </Button>
            <Button
              component={Link}
              href={route('insights.show', { project: project.id })}
              variant="light"
              leftSection={<IconChartBar size={16} />}
            >
              Insights
            </Button>
            {can.update && !archived && (
              <Button
                component={Link}
                href={route('projects.edit', { project: project.id })}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                Edit
              </Button>
            )}
            {can.update &&
              (archived ? (
                <Button
                  variant="default"
                  leftSection={<IconArchiveOff size={16} />}
                  onClick={() => post('projects.restore')}
                >
                  Restore
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconArchive size={16} />}
                  onClick={() => post('projects.archive')}
                >
                  Archive
                </Button>
              ))}
            {can.create && !archived && <ImportLogframeButton projectId={project.id} />}
            {can.delete && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      {archived && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconArchive size={18} />}
          title="This project is archived"
        >
          It is read-only: its problems, theory of change and metrics can be viewed but not changed.
          {can.update ? ' Restore it to work on it again.' : ''}
        </Alert>
      )}
      {project.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} maw={820}>
          {project.description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label={counts.problems === 1 ? 'Problem' : 'Problems'} value={counts.problems} />
        <Stat
          label={counts.elements === 1 ? 'Theory-of-change element' : 'Theory-of-change elements'}
          value={counts.elements}
        />
        <Stat label={counts.metrics === 1 ? 'Metric' : 'Metrics'} value={counts.metrics} />
        <Stat
          label={counts.values === 1 ? 'Recorded value' : 'Recorded values'}
          value={counts.values}
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProblemCards
              projectId={project.id}
              problems={problems}
              canCreate={can.create && !archived}
            />
            <CommentThread subjectType="project" subjectId={project.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {keyMetrics && <KeyMetrics metrics={keyMetrics} />}
            <ProjectActivity activity={activity} />
          </Stack>
        </Grid.Col>
      </Grid>
      <DeleteProjectModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        project={project}
        impact={deletionImpact}
      />
    </Stack>
  );
}
