import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Button, Card, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import { FULL_VIEW_TAB_LABELS, FULL_VIEW_TABS, type FullViewTab } from '@shared/problems/problems';
import type { PagePropsOf } from '@shared/pages';
import type { ElementKind } from '@shared/toc/vocabulary';
import { useCan } from '../../hooks/use-shared';
import { ArchivedNotice, ProblemPageHeader } from '../../features/problems/problem-header';
import { OverviewTab } from '../../features/problems/overview-tab';
import { CommentThread } from '../../features/comments/comment-thread';
import { ElementList, type ListPermissions } from '../../features/problems/element-list';
import { ElementFormModal, type ElementFormMode } from '../../features/problems/element-form';
import { OutcomeOutputList } from '../../features/problems/outcome-output-list';
import {
  DataPointsTable,
  MetricsTable,
  SurveyQuestionsTable,
} from '../../features/problems/metric-tabs';
import { ConnectButtons, IntegrationsTab } from '../../features/problems/integrations-tab';
import { AddSourceButton, SourcesTable } from '../../features/problems/sources-tab';
import { ScrollX } from '../../components/scroll-x';
import { InsightsView } from '../../features/insights/insights-view';
import { LearningsTabView } from '../../features/learnings/learnings-tab';

const OUTCOME_SUB_LABELS = [
  { value: 'all', label: 'All' },
  { value: 'short', label: 'Short term' },
  { value: 'medium', label: 'Medium term' },
  { value: 'long', label: 'Long term' },
  { value: 'impact', label: 'Impact' },
];
const METRIC_SUB_LABELS = [
  { value: 'all', label: 'All' },
  { value: 'activity', label: 'Activity metrics' },
  { value: 'output', label: 'Output metrics' },
  { value: 'outcome', label: 'Outcome metrics' },
];

/** problems/full-view: the problem workspace, one tab at a time (the server sends only the active tab's data). */
export default function ProblemFullView(props: PagePropsOf<'problems/full-view'>) {
  const { problem, project, counts, tab, sub } = props;
  const can = useCan();
  const writable = !project.archived;
  const perms: ListPermissions = {
    create: writable && can('content.create'),
    update: writable && can('content.update'),
    delete: writable && can('content.delete'),
  };
  // connectors and database connections belong to the team, not to the (maybe archived) project
  const canConnect = can('content.create');
  const [form, setForm] = useState<ElementFormMode | null>(null);
  const go = (next: { tab?: string; sub?: string | null }) =>
    router.get(
      route('problems.show', {
        problem: problem.id,
        tab: next.tab ?? tab,
        sub: next.sub ?? undefined,
      }),
      {},
      { preserveScroll: true, preserveState: false },
    );
  const add = (kinds: ElementKind[], horizon?: 'short' | 'medium' | 'long') =>
    setForm({ type: 'create', kinds, horizon });
  const addButton = (label: string, kinds: ElementKind[], horizon?: 'short' | 'medium' | 'long') =>
    perms.create ? (
      <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => add(kinds, horizon)}>
        {label}
      </Button>
    ) : null;
  const tabCount: Partial<Record<FullViewTab, number>> = {
    activities: counts.activity,
    outputs: counts.output,
    outcomes: counts.outcome + counts.impact,
    metrics: counts.metrics,
    'data-points': counts.dataPoints,
    'survey-questions': counts.surveyQuestions,
  };
  const horizon = sub === 'short' || sub === 'medium' || sub === 'long' ? sub : undefined;

  return (
    <Stack gap="md" maw={1280}>
      <Head title={`${problem.title} - ${FULL_VIEW_TAB_LABELS[tab]}`} />
      <ProblemPageHeader
        problem={problem}
        project={project}
        can={{ update: can('content.update'), delete: can('content.delete') }}
      />
      <ArchivedNotice project={project} />
      <Tabs value={tab} onChange={(v) => v && go({ tab: v, sub: null })} keepMounted={false}>
        <ScrollX
          label="Problem sections"
          activeSelector='[role="tab"][aria-selected="true"]'
          activeKey={tab}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {FULL_VIEW_TABS.map((t) => (
              <Tabs.Tab key={t} value={t} style={{ whiteSpace: 'nowrap' }}>
                {FULL_VIEW_TAB_LABELS[t]}
                {tabCount[t] !== undefined && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {tabCount[t]}
                  </Text>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollX>
      </Tabs>

      {tab === 'overview' && props.chain && (
        <OverviewTab
          problem={problem}
          counts={counts}
          chain={props.chain}
          onAddActivity={perms.create ? () => add(['activity']) : null}
        />
      )}
      {tab === 'overview' && <CommentThread subjectType="problem" subjectId={problem.id} />}

      {tab === 'activities' && props.elements && (
        <Section
          title="Activities"
          text="What the programme does: trainings, distributions, campaigns. Each activity leads to one or more outputs."
          action={addButton('Add activity', ['activity'])}
        >
          <ElementList
            id="activities"
            caption="Activity list"
            problemId={problem.id}
            rows={props.elements}
            members={props.members ?? []}
            can={perms}
            fromTitle={null}
            toTitle="Leads to (outputs)"
            emptyAction="No activities yet. Add what the programme will do first."
          />
        </Section>
      )}

      {tab === 'outputs' && props.elements && (
        <Section
          title="Outputs"
          text="What the activities directly produce: people trained, kits delivered, sessions held."
          action={addButton('Add output', ['output'])}
        >
          <ElementList
            id="outputs"
            caption="Output list"
            problemId={problem.id}
            rows={props.elements}
            members={props.members ?? []}
            can={perms}
            fromTitle="From activities"
            toTitle="Leads to (outcomes)"
            emptyAction="No outputs yet. Add what the activities produce, or use “Add output” on an activity."
          />
        </Section>
      )}

      {tab === 'outcomes' && props.elements && (
        <Stack gap="md">
          <Section
            title="Outcomes and impact"
            text="The changes the outputs lead to, from short-term to long-term, and the impact they add up to."
            action={
              sub === 'impact'
                ? addButton('Add impact', ['impact'])
                : addButton('Add outcome', ['outcome', 'impact'], horizon)
            }
          >
            <SegmentedControl
              size="xs"
              mb="sm"
              value={sub ?? 'all'}
              onChange={(v) => go({ sub: v })}
              data={OUTCOME_SUB_LABELS}
              style={{ maxWidth: '100%', overflowX: 'auto' }}
            />
            <ElementList
              id="outcomes"
              caption="Outcome list"
              problemId={problem.id}
              rows={props.elements}
              members={props.members ?? []}
              can={perms}
              fromTitle="From"
              toTitle="Leads to"
              emptyAction="No outcomes here yet. Add the changes you expect, from short-term to long-term."
            />
          </Section>
          {sub !== 'impact' && props.outcomeOutputs && (
            <Section
              title="Outcome output list"
              text="Each outcome with the outputs that feed it. An outcome no output leads to is not yet explained by the programme."
            >
              <OutcomeOutputList items={props.outcomeOutputs} />
            </Section>
          )}
        </Stack>
      )}

      {tab === 'metrics' && props.metrics && (
        <Section
          title="Metrics"
          text="The indicators that measure the activities, outputs and outcomes. Add a metric from the element it measures."
        >
          <SegmentedControl
            size="xs"
            mb="sm"
            value={sub ?? 'all'}
            onChange={(v) => go({ sub: v })}
            data={METRIC_SUB_LABELS}
          />
          <MetricsTable
            rows={props.metrics}
            emptyAction="No metrics yet. Open an activity, output or outcome and add a metric that shows whether it happens."
          />
        </Section>
      )}
      {tab === 'data-points' && props.dataPoints && (
        <Section title="Data points" text="The measured quantities each metric is computed from.">
          <DataPointsTable rows={props.dataPoints} />
        </Section>
      )}
      {tab === 'survey-questions' && props.surveyQuestions && (
        <Section
          title="Survey questions"
          text="The questions a survey asks to produce the data points."
        >
          <SurveyQuestionsTable rows={props.surveyQuestions} />
        </Section>
      )}
      {tab === 'insights' && props.insights && (
        <InsightsView data={props.insights} scope={{ kind: 'problem', id: problem.id }} />
      )}
      {tab === 'learnings' && props.learnings && (
        <LearningsTabView problemId={problem.id} tab={props.learnings} can={perms} />
      )}
      {tab === 'sources' && props.sources && (
        <Section
          title="Sources"
          text="The spreadsheets imported into this problem’s project: each becomes a dataset with typed columns, versions and an error report."
          action={<AddSourceButton projectId={project.id} />}
        >
          <SourcesTable rows={props.sources} projectId={project.id} />
        </Section>
      )}
      {tab === 'integrations' && props.integrations && (
        <Section
          title="Integrations"
          text="What feeds this problem’s project from outside: forms pulled from KoboToolbox or ODK Central and tables or queries from external databases, each imported as a dataset on its schedule."
          action={canConnect ? <ConnectButtons /> : undefined}
        >
          <IntegrationsTab data={props.integrations} canConnect={canConnect} />
        </Section>
      )}

      <ElementFormModal
        problemId={problem.id}
        mode={form}
        members={props.members ?? []}
        onClose={() => setForm(null)}
      />
    </Stack>
  );
}

function Section({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <div style={{ flex: 1, minWidth: 200 }}>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        {action}
      </Group>
      {children}
    </Card>
  );
}
