import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconInfoCircle,
  IconLink,
  IconPencil,
  IconPlus,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { route } from '@shared/route';
import {
  AGGREGATION_LABELS,
  ANSWER_TYPE_LABELS,
  CONDITION_OP_LABELS,
  MEASUREMENT_LABELS,
} from '@shared/metrics/metrics.schemas';
import { useCan } from '../../hooks/use-shared';
import { TrailBreadcrumbs } from '../../features/metrics/trail-breadcrumbs';
import { DataPointFormModal } from '../../features/metrics/data-point-form';
import { SurveyQuestionFormModal } from '../../features/metrics/survey-question-form';
import { CommentThread } from '../../features/comments/comment-thread';
import { BindingForm } from '../../features/metrics/binding-form';
import type { DataPointCondition as Condition } from '@shared/metrics/metrics.pages';
import type { PagePropsOf } from '@shared/pages';
import { PageTitle } from '../../components/page-title';

const conditionText = (c: Condition) =>
  `value ${CONDITION_OP_LABELS[c.op as keyof typeof CONDITION_OP_LABELS] ?? c.op}${c.op === 'not_empty' ? '' : ` ${Array.isArray(c.value) ? c.value.join(', ') : String(c.value ?? '')}`}`;

export default function DataPointShow({
  dataPoint,
  metric,
  metricKindLabel,
  trail,
  questions,
  binding: panel,
}: PagePropsOf<'data-points/show'>) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editingBinding, setBinding] = useState(false);
  const binding = { editing: editingBinding };
  const metricHref = route('metrics.show', { metric: metric.id });
  return (
    <Stack gap="lg" maw={1000}>
      <Head title={`${dataPoint.name} · Data point`} />
      <TrailBreadcrumbs
        trail={trail}
        tail={[{ label: metric.name, href: metricHref }, { label: dataPoint.name }]}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Badge variant="light">Data point</Badge>
            {dataPoint.starred && (
              <Badge color="yellow" variant="light" leftSection={<IconStarFilled size={12} />}>
                Key data point
              </Badge>
            )}
          </Group>
          <PageTitle mt={4}>{dataPoint.name}</PageTitle>
          <Text size="sm" c="dimmed">
            Of the {metricKindLabel.toLowerCase()}{' '}
            <Anchor component={Link} href={metricHref}>
              {metric.name}
            </Anchor>{' '}
            · formula key <Code>{dataPoint.key}</Code>
          </Text>
        </div>
        {can('content.update') && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={
                dataPoint.starred ? <IconStarFilled size={16} /> : <IconStar size={16} />
              }
              onClick={() =>
                router.post(
                  route('data-points.star', { dataPoint: dataPoint.id }),
                  {},
                  { preserveScroll: true },
                )
              }
            >
              {dataPoint.starred ? 'Unstar' : 'Star'}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            {can('content.delete') && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>

      <Card withBorder>
        <Stack gap="sm">
          {dataPoint.description && <Text size="sm">{dataPoint.description}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Aggregation
              </Text>
              <Text size="sm">
                {AGGREGATION_LABELS[dataPoint.aggregation as keyof typeof AGGREGATION_LABELS] ??
                  dataPoint.aggregation}
              </Text>
              {dataPoint.aggregation === 'percent_meeting' && dataPoint.condition && (
                <Text size="xs">where {conditionText(dataPoint.condition)}</Text>
              )}
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Filter
              </Text>
              <Text size="sm">
                {dataPoint.filter.length
                  ? dataPoint.filter.map(conditionText).join(' and ')
                  : 'Every entry counts'}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Measured by
              </Text>
              <Text size="sm">
                {MEASUREMENT_LABELS[dataPoint.measurement as keyof typeof MEASUREMENT_LABELS] ??
                  dataPoint.measurement}
              </Text>
            </div>
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={4}>Binding</Title>
          {can('content.update') && !binding.editing && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={14} />}
              onClick={() => setBinding(true)}
            >
              {dataPoint.binding.kind === 'manual' ? 'Bind to data' : 'Change binding'}
            </Button>
          )}
        </Group>
        <Text size="sm" mb="sm">
          {panel.summary}{' '}
          {dataPoint.binding.kind === 'manual' && (
            <Anchor component={Link} href={metricHref}>
              Open the metric’s page
            </Anchor>
          )}
        </Text>
        {panel.state.status !== 'ok' && panel.state.status !== 'manual' && (
          <Alert
            variant="light"
            color={panel.state.status === 'broken' ? 'red' : 'yellow'}
            icon={<IconInfoCircle size={18} />}
            title={panel.state.status === 'broken' ? 'The binding is broken' : 'Waiting for data'}
            mb="sm"
          >
            {panel.state.message}
          </Alert>
        )}
        {dataPoint.binding.kind !== 'manual' && (
          <Text size="sm" mb="xs">
            Period from{' '}
            <b>
              {dataPoint.binding.periodKey ??
                (dataPoint.binding.kind === 'survey_question'
                  ? 'the submission time'
                  : 'the import date of the version')}
            </b>
            {Object.entries(dataPoint.binding.disaggregations ?? {}).map(([dim, key]) => (
              <span key={dim}>
                {' '}
                · {panel.dimensions.find((x) => x.key === dim)?.label ?? dim} from <b>{key}</b>
              </span>
            ))}
            {dataPoint.binding.filter ? (
              <>
                {' '}
                · only the rows where <Code>{dataPoint.binding.filter}</Code>
              </>
            ) : (
              ' · every row counts'
            )}
          </Text>
        )}
        {dataPoint.binding.kind !== 'manual' && panel.state.status === 'ok' && (
          <Text size="xs" c="dimmed" mb="sm">
            The metric’s figures per period are computed from these rows; click a figure on the{' '}
            <Anchor component={Link} href={metricHref} size="xs">
              metric’s page
            </Anchor>{' '}
            to see the rows behind it.
          </Text>
        )}
        {binding.editing && (
          <BindingForm dataPoint={dataPoint} panel={panel} onDone={() => setBinding(false)} />
        )}
      </Card>

      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={4}>Survey questions</Title>
          {can('content.create') && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setAdding(true)}
            >
              Add question
            </Button>
          )}
        </Group>
        {questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No survey questions yet. Add the question a survey should ask to measure this data
            point.
          </Text>
        ) : (
          <Stack gap="xs">
            {questions.map((q) => (
              <Group key={q.id} justify="space-between" wrap="nowrap">
                <div>
                  <Anchor
                    component={Link}
                    href={route('survey-questions.show', { surveyQuestion: q.id })}
                    fw={500}
                    size="sm"
                  >
                    {q.text}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {ANSWER_TYPE_LABELS[q.answerType as keyof typeof ANSWER_TYPE_LABELS] ??
                      q.answerType}
                    {q.choices.length ? `: ${q.choices.join(', ')}` : ''}
                    {q.required ? ' · required' : ''}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <DataPointFormModal
        key={dataPoint.key + dataPoint.name}
        opened={editing}
        onClose={() => setEditing(false)}
        dataPoint={dataPoint}
      />
      <SurveyQuestionFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        dataPointId={dataPoint.id}
      />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete data point"
        centered
      >
        <Stack>
          <Text size="sm">
            Delete “{dataPoint.name}” with its values and survey questions? The metric’s figures are
            recomputed without it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() =>
                router.delete(route('data-points.destroy', { dataPoint: dataPoint.id }), {
                  onFinish: () => setDeleting(false),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CommentThread subjectType="data_point" subjectId={dataPoint.id} />
    </Stack>
  );
}
