import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS, METRIC_TYPE_LABELS, type ElementKind } from '@shared/toc/vocabulary';
import { useCan } from '../../hooks/use-shared';
import { ArchivedNotice, ProblemBreadcrumbs } from '../../features/problems/problem-header';
import { ElementFormModal, type ElementFormMode } from '../../features/problems/element-form';
import { DeleteElementModal } from '../../features/problems/delete-element-modal';
import { ElementLinks } from '../../features/problems/element-links';
import { CommentThread } from '../../features/comments/comment-thread';
import { MetricFormModal } from '../../features/metrics/metric-form';
import {
  ELEMENT_STATUS_COLORS,
  elementStatusLabel,
  KIND_COLORS,
  kindLabel,
  tabOfKind,
} from '../../features/problems/labels';
import { plural } from '@shared/format/plural';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

const FROM_TEXT: Record<ElementKind, { title: string; description: string; empty: string }> = {
  activity: {
    title: 'Comes from',
    description: 'Activities are where the chain starts.',
    empty: 'Nothing leads to an activity.',
  },
  output: {
    title: 'Produced by',
    description: 'The activities that produce this output.',
    empty: 'No activity produces this output yet: link one below.',
  },
  outcome: {
    title: 'Comes from',
    description: 'The outputs and earlier outcomes that lead to this outcome.',
    empty: 'Nothing leads here yet: link the outputs that bring this change about.',
  },
  impact: {
    title: 'Comes from',
    description: 'The outcomes that add up to this impact.',
    empty: 'No outcome leads here yet.',
  },
};
const TO_TEXT: Record<ElementKind, { title: string; description: string; empty: string }> = {
  activity: {
    title: 'Leads to',
    description: 'The outputs this activity produces.',
    empty: 'No output yet: add what this activity produces.',
  },
  output: {
    title: 'Leads to',
    description: 'The outcomes this output contributes to.',
    empty: 'No outcome yet: add the change this output contributes to.',
  },
  outcome: {
    title: 'Leads to',
    description: 'Later outcomes and the impact this outcome contributes to.',
    empty: 'Nothing yet: add a longer-term outcome or the impact.',
  },
  impact: {
    title: 'Leads to',
    description: 'An impact is the end of the chain.',
    empty: 'Impact is the end of the chain.',
  },
};

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {value || 'Not set'}
      </Text>
    </div>
  );
}

/** elements/show: the full-view layout of one activity, output, outcome or impact. */
export default function ElementShow({
  problem,
  project,
  element,
  incoming,
  outgoing,
  metrics,
  consequences,
  members,
  childKinds,
  candidates,
}: PagePropsOf<'elements/show'>) {
  const can = useCan();
  const writable = !project.archived;
  const [form, setForm] = useState<ElementFormMode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const kind = element.kind;
  const canCreate = writable && can('content.create');
  const addChild = (k: ElementKind) =>
    setForm({ type: 'create', kinds: [k], parent: { id: element.id, title: element.title } });
  const kindName = ELEMENT_KIND_LABELS[kind].toLowerCase();
  // the metric form is the metrics module's (MetricFormModal): it opens from here once that module is merged
  const metricsAddable = canCreate && kind !== 'impact';
  const [addingMetric, setAddingMetric] = useState(false);

  return (
    <Stack gap="md" maw={1180}>
      <Head title={`${element.title} - ${ELEMENT_KIND_LABELS[kind]}`} />
      <ProblemBreadcrumbs
        project={project}
        problem={{ id: problem.id, title: problem.title, tab: tabOfKind(kind) }}
        current={element.title}
      />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Badge color={KIND_COLORS[kind]} variant="filled">
              {kindLabel(kind, element.horizon)}
            </Badge>
            <Badge color={ELEMENT_STATUS_COLORS[element.status] ?? 'gray'} variant="light">
              {elementStatusLabel(element.status)}
            </Badge>
          </Group>
          <PageTitle style={{ overflowWrap: 'anywhere' }}>{element.title}</PageTitle>
        </Stack>
        <Group gap="xs">
          {writable && can('content.update') && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} />}
              onClick={() => setForm({ type: 'edit', element })}
            >
              Edit
            </Button>
          )}
          {canCreate && childKinds.length === 1 && (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => addChild(childKinds[0])}
            >
              Add {ELEMENT_KIND_LABELS[childKinds[0]].toLowerCase()}
            </Button>
          )}
          {canCreate && childKinds.length > 1 && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  size="sm"
                  leftSection={<IconPlus size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                >
                  Add next step
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {childKinds.map((k) => (
                  <Menu.Item key={k} onClick={() => addChild(k)}>
                    Add {ELEMENT_KIND_LABELS[k].toLowerCase()}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {writable && can('content.delete') && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <ArchivedNotice project={project} />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Title order={5} mb="sm">
                Details
              </Title>
              <Stack gap="sm">
                <Field label="Description" value={element.description} />
                <Group grow align="flex-start">
                  <Field label="Owner" value={element.ownerName} />
                  <Field
                    label="Dates"
                    value={
                      element.startDate || element.endDate
                        ? `${element.startDate ?? '…'} – ${element.endDate ?? '…'}`
                        : null
                    }
                  />
                </Group>
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Title order={5} mb="sm">
                Assumptions and risks
              </Title>
              <Stack gap="sm">
                <Field label="Assumptions" value={element.assumptions} />
                <Field label="Risks" value={element.risks} />
              </Stack>
            </Card>
            {kind !== 'impact' && (
              <Card withBorder padding="md" id="metrics">
                <Group justify="space-between" mb="xs">
                  <div>
                    <Title order={5}>{ELEMENT_KIND_LABELS[kind]} metrics</Title>
                    <Text size="xs" c="dimmed">
                      How you will know this {kindName} happens.
                    </Text>
                  </div>
                  {metricsAddable && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => setAddingMetric(true)}
                    >
                      Add metric
                    </Button>
                  )}
                </Group>
                {metrics.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No metrics yet. A metric says how this {kindName} is measured: a count, a
                    percentage, a yes/no, with a baseline and targets.
                  </Text>
                ) : (
                  <Stack gap={6}>
                    {metrics.map((m) => (
                      <Group key={m.id} justify="space-between" wrap="nowrap">
                        <Anchor
                          component={Link}
                          href={route('metrics.show', { metric: m.id })}
                          size="sm"
                          fw={600}
                        >
                          {m.name}
                        </Anchor>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {METRIC_TYPE_LABELS[m.type] ?? m.type}
                          {m.unit ? ` · ${m.unit}` : ''} · {plural(m.dataPointCount, 'data point')}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {kind !== 'activity' && (
              <ElementLinks
                {...FROM_TEXT[kind]}
                problemId={problem.id}
                elementId={element.id}
                direction="from"
                links={incoming}
                candidates={candidates.parents}
                canLink={canCreate}
                canUnlink={writable && can('content.delete')}
                canEdit={writable && can('content.update')}
              />
            )}
            {kind !== 'impact' && (
              <ElementLinks
                {...TO_TEXT[kind]}
                problemId={problem.id}
                elementId={element.id}
                direction="to"
                links={outgoing}
                candidates={candidates.children}
                canLink={canCreate}
                canUnlink={writable && can('content.delete')}
                canEdit={writable && can('content.update')}
                onAddNew={
                  canCreate && childKinds.length === 1 ? () => addChild(childKinds[0]) : undefined
                }
                addNewLabel={
                  childKinds.length === 1
                    ? `New ${ELEMENT_KIND_LABELS[childKinds[0]].toLowerCase()}`
                    : undefined
                }
              />
            )}
            <CommentThread subjectType="element" subjectId={element.id} />
          </Stack>
        </Grid.Col>
      </Grid>

      <ElementFormModal
        problemId={problem.id}
        mode={form}
        members={members}
        onClose={() => setForm(null)}
      />
      <MetricFormModal
        opened={addingMetric}
        onClose={() => setAddingMetric(false)}
        elementId={element.id}
        elementLabel={element.title}
      />
      <DeleteElementModal
        element={deleting ? { id: element.id, kind, title: element.title, consequences } : null}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
