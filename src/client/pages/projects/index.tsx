import { Head, Link, router } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ProjectListRow } from '@shared/projects/projects.schemas';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { relativeTime } from '../../lib/relative-time';
import type { PagePropsOf } from '@shared/pages';
import { formatDateTime } from '@shared/format/date';

const columns: Array<DataTableColumn<ProjectListRow>> = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (p) => (
      <div style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          href={route('projects.show', { project: p.id })}
          fw={600}
          size="sm"
        >
          {p.name}
        </Anchor>
        {(p.funder || p.location) && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[p.funder, p.location].filter(Boolean).join(' · ')}
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'problems',
    title: 'Problems',
    sortable: true,
    width: 100,
    align: 'right',
    render: (p) => <Text size="sm">{p.problemsCount}</Text>,
  },
  {
    key: 'status',
    title: 'Status',
    sortable: true,
    width: 110,
    visibleFrom: 'sm',
    render: (p) => (
      <Badge variant="light" color={p.status === 'archived' ? 'gray' : 'green'}>
        {p.status === 'archived' ? 'Archived' : 'Active'}
      </Badge>
    ),
  },
  {
    key: 'updated_at',
    title: 'Updated',
    sortable: true,
    width: 140,
    visibleFrom: 'sm',
    render: (p) => (
      <Text
        size="sm"
        component="time"
        dateTime={p.updatedAt}
        title={formatDateTime(p.updatedAt)}
        style={{ whiteSpace: 'nowrap' }}
      >
        {relativeTime(p.updatedAt)}
      </Text>
    ),
  },
];

function EmptyState({ canCreate }: { canCreate: boolean }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconFolderPlus size={30} />
        </ThemeIcon>
        <Title order={3}>Create your first project</Title>
        <Text c="dimmed" maw={480}>
          A project is a programme your team runs. Inside it you describe the problems you tackle,
          map their theory of change and track the metrics that show progress.
        </Text>
        {canCreate ? (
          <Button
            component={Link}
            href={route('projects.create')}
            leftSection={<IconPlus size={16} />}
            mt="xs"
          >
            Create project
          </Button>
        ) : (
          <Text size="sm">Ask an editor or administrator of your team to create one.</Text>
        )}
      </Stack>
    </Card>
  );
}

/** projects/index: the team's projects. */
export default function ProjectsIndex({
  projects,
  status,
  counts,
  can,
}: PagePropsOf<'projects/index'>) {
  const setStatus = (next: string) =>
    router.get(
      route('projects.index'),
      {
        status: next,
        page: 1,
        perPage: projects.perPage,
        search: projects.search || undefined,
        sort: projects.sort ?? undefined,
        dir: projects.dir,
      },
      { only: ['projects', 'status'], preserveState: true, preserveScroll: true, replace: true },
    );
  const none = counts.active + counts.archived === 0;
  return (
    <Stack maw={1100} gap="lg">
      <Head title="Projects" />
      <PageHeader
        crumbs={[{ label: 'Projects' }]}
        title="Projects"
        subtitle={
          none ? 'Nothing here yet.' : `${counts.active} active, ${counts.archived} archived.`
        }
        actions={
          can.create && !none ? (
            <Button
              component={Link}
              href={route('projects.create')}
              leftSection={<IconPlus size={16} />}
            >
              New project
            </Button>
          ) : undefined
        }
      />
      {none ? (
        <EmptyState canCreate={can.create} />
      ) : (
        <Card withBorder padding="md" radius="md">
          <DataTable
            id="projects"
            caption="Projects"
            prop="projects"
            data={projects}
            rowKey={(p) => p.id}
            columns={columns}
            minWidth={320}
            toolbar={
              <SegmentedControl
                size="xs"
                value={status}
                onChange={setStatus}
                aria-label="Show projects"
                data={[
                  { value: 'active', label: `Active (${counts.active})` },
                  { value: 'archived', label: `Archived (${counts.archived})` },
                  { value: 'all', label: 'All' },
                ]}
              />
            }
          />
        </Card>
      )}
    </Stack>
  );
}
