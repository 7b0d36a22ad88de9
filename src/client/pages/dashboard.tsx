import { lazy, Suspense, useRef } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Skeleton,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconActivity, IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useShared } from '../hooks/use-shared';
import { ActivityTimeline } from '../components/activity-timeline';
import { PageTitle } from '../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import type { DashboardSections, GettingStartedItem } from '@shared/core/core.pages';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { ACTIVITY_EVENT } from '@shared/audit-logs/activity-event';
import { useChannel } from '../hooks/use-echo';
import { KeyMetrics } from '../features/projects/key-metrics';
import { SetupCard } from '../features/dashboard/setup-card';
import { LearningsDueCard, QualityFlagsCard } from '../features/dashboard/attention-cards';
import { VideoPlayer } from '../features/settings/video-player';

// ECharts only when the working dashboard has responses to chart (its own chunk)
const ResponsesChart = lazy(() => import('../features/dashboard/responses-chart'));

function StepRow({ step }: { step: GettingStartedItem }) {
  const title =
    step.href && !step.done ? (
      <Anchor component={Link} href={step.href} fw={600} size="sm">
        {step.title}
      </Anchor>
    ) : (
      <Text
        fw={600}
        size="sm"
        td={step.done ? 'line-through' : undefined}
        c={step.done ? 'dimmed' : undefined}
      >
        {step.title}
      </Text>
    );
  return (
    <List.Item
      icon={
        step.done ? (
          <ThemeIcon
            color="green"
            variant="white"
            size={22}
            radius="xl"
            role="img"
            aria-label="Done"
          >
            <IconCircleCheckFilled size={24} />
          </ThemeIcon>
        ) : (
          <ThemeIcon
            color="gray"
            variant="white"
            size={22}
            radius="xl"
            role="img"
            aria-label="To do"
          >
            <IconCircle size={22} stroke={1.5} />
          </ThemeIcon>
        )
      }
    >
      {title}
      {!step.done && (
        <Text size="xs" c="dimmed">
          {step.description}
        </Text>
      )}
    </List.Item>
  );
}

function AccountSteps({ steps }: { steps: GettingStartedItem[] }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h4">
          Your account
        </Title>
        <Badge variant="light" color={done === steps.length ? 'green' : 'blue'}>
          {done} of {steps.length} done
        </Badge>
      </Group>
      <List spacing="md" center={false} listStyleType="none" aria-label="Getting started steps">
        {steps.map((s) => (
          <StepRow key={s.key} step={s} />
        ))}
      </List>
    </Card>
  );
}

function ActivityCard({
  activity,
  next,
}: {
  activity: PagePropsOf<'dashboard'>['activity'];
  next: { title: string; href: string | null } | undefined;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Recent team activity
      </Title>
      {activity.length === 0 ? (
        <Paper bg="gray.0" p="lg" radius="md" ta="center">
          <ThemeIcon variant="light" size={40} radius="xl" mb="sm">
            <IconActivity size={22} />
          </ThemeIcon>
          <Text fw={600}>No activity yet</Text>
          <Text size="sm" c="dimmed">
            What your team does shows up here.{' '}
            {next?.href ? (
              <>
                Start with:{' '}
                <Anchor component={Link} href={next.href}>
                  {next.title.toLowerCase()}
                </Anchor>
                .
              </>
            ) : (
              'Work through the getting-started steps to begin.'
            )}
          </Text>
        </Paper>
      ) : (
        <ActivityTimeline activity={activity} label="Recent team activity" />
      )}
    </Card>
  );
}

function VideoCard({ video }: { video: NonNullable<DashboardSections['video']> }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Welcome video
      </Title>
      <Stack gap="sm">
        <VideoPlayer
          embed={video.embed}
          title="Your team’s welcome video"
          captions={video.captions}
        />
        {video.transcript && (
          <details>
            <summary>Transcript</summary>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt="xs">
              {video.transcript}
            </Text>
          </details>
        )}
        {video.captions && (
          <details>
            <summary>Captions</summary>
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} mt="xs">
              {video.captions}
            </Text>
          </details>
        )}
      </Stack>
    </Card>
  );
}

function LibraryCard() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Start from the library
      </Title>
      <Text size="sm" mb="sm">
        Copy a problem with its theory of change, or a strategy with its activities and metrics,
        into your project instead of starting from a blank page.
      </Text>
      <Anchor component={Link} href={route('libraries.index')} fw={600} size="sm">
        Browse the library
      </Anchor>
    </Card>
  );
}

function ResponsesCard({ responses }: { responses: DashboardSections['responses'] }) {
  const month = responses.last30.reduce((a, d) => a + d.count, 0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Responses coming in
        </Title>
        <Badge variant="light" aria-live="polite">
          {responses.total} in all
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {month} in the last 30 days.
      </Text>
      {month === 0 ? (
        <Text size="sm">No responses in the last 30 days. Share a published form’s link.</Text>
      ) : (
        <Suspense fallback={<Skeleton height={180} />}>
          <ResponsesChart days={responses.last30} />
        </Suspense>
      )}
    </Card>
  );
}

function JobsCard({ jobs }: { jobs: DashboardSections['jobs'] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Jobs running
      </Title>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing running. Imports and exports show here while they work.
        </Text>
      ) : (
        <List spacing="xs">
          {jobs.map((j) => (
            <List.Item key={j.id}>
              {j.href ? (
                <Anchor component={Link} href={j.href} size="sm">
                  {j.label}
                </Anchor>
              ) : (
                <Text size="sm" span>
                  {j.label}
                </Text>
              )}{' '}
              <Badge size="xs" variant="light" color={j.status === 'running' ? 'blue' : 'gray'}>
                {j.status === 'running' ? 'running' : 'waiting'}
              </Badge>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** dashboard: getting started while the team has no data, then the working dashboard */
export default function Dashboard(props: PagePropsOf<'dashboard'>) {
  const { activity, steps, returning, variant, setup, video, keyMetrics, responses, jobs } = props;
  const { qualityFlags, learningsDue } = props;
  const { auth } = useShared();
  const next = setup.find((s) => !s.done && s.href) ?? steps.find((s) => !s.done && s.href);
  // live: new responses and whatever the team does reload the parts they change (at most every 2 s);
  // the bell takes its count from every reload, so the reload brings a fresh count too (a live
  // notification that arrived meanwhile is already stored: the job stores it before pushing it)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      router.reload({
        only: [
          'activity',
          'variant',
          'setup',
          'keyMetrics',
          'responses',
          'jobs',
          'qualityFlags',
          'learningsDue',
        ],
      });
    }, 2000);
  };
  const channel = auth.team ? channels.team(auth.team.id) : null;
  useChannel(channel, ACTIVITY_EVENT, refresh);
  // once subscribed (and after a reconnect), the response count is read again: a response that
  // arrived before the channel listened was not heard
  useChannel(channel, 'form-response.created', refresh, {
    onSubscribed: () => router.reload({ only: ['responses'] }),
  });
  const setupDone = setup.every((s) => s.done);
  return (
    <Stack gap="lg" maw={1200}>
      <Head title="Dashboard" />
      <div>
        <PageTitle>Dashboard</PageTitle>
        <Text c="dimmed" size="sm">
          {returning ? 'Welcome back' : 'Welcome to Pathways'}, {auth.user?.name}.
          {auth.team ? ` You are working in ${auth.team.name}.` : ''}
        </Text>
      </div>
      {variant === 'getting-started' ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <Stack gap="lg">
            {setup.length > 0 && <SetupCard steps={setup} title="Getting started" />}
            <LibraryCard />
          </Stack>
          <Stack gap="lg">
            {video && <VideoCard video={video} />}
            <AccountSteps steps={steps} />
            <ActivityCard activity={activity} next={next} />
          </Stack>
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <Stack gap="lg">
            <KeyMetrics metrics={keyMetrics} title="Key metrics across projects" />
            <ResponsesCard responses={responses} />
            <QualityFlagsCard flags={qualityFlags} />
            <JobsCard jobs={jobs} />
          </Stack>
          <Stack gap="lg">
            <LearningsDueCard items={learningsDue} />
            <ActivityCard activity={activity} next={next} />
            {!setupDone && <SetupCard steps={setup} title="Finish setting up" />}
            {video && <VideoCard video={video} />}
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
