import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { ANSWER_TYPE_LABELS } from '@shared/metrics/metrics.schemas';
import { useCan } from '../../hooks/use-shared';
import { TrailBreadcrumbs } from '../../features/metrics/trail-breadcrumbs';
import { SurveyQuestionFormModal } from '../../features/metrics/survey-question-form';
import { CommentThread } from '../../features/comments/comment-thread';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

export default function SurveyQuestionShow({
  question,
  dataPoint,
  metric,
  trail,
}: PagePropsOf<'survey-questions/show'>) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dpHref = route('data-points.show', { dataPoint: dataPoint.id });
  return (
    <Stack gap="lg" maw={900}>
      <Head title="Survey question" />
      <TrailBreadcrumbs
        trail={trail}
        tail={[
          { label: metric.name, href: route('metrics.show', { metric: metric.id }) },
          { label: dataPoint.name, href: dpHref },
          { label: 'Survey question' },
        ]}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Badge variant="light">Survey question</Badge>
          <PageTitle mt={4}>{question.text}</PageTitle>
          <Text size="sm" c="dimmed">
            Measures the data point{' '}
            <Anchor component={Link} href={dpHref}>
              {dataPoint.name}
            </Anchor>
          </Text>
        </div>
        <Group gap="xs">
          {can('content.update') && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
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
      </Group>
      <Card withBorder>
        <Stack gap="xs">
          {question.helpText && <Text size="sm">{question.helpText}</Text>}
          <Text size="sm">
            <b>Answer:</b>{' '}
            {ANSWER_TYPE_LABELS[question.answerType as keyof typeof ANSWER_TYPE_LABELS] ??
              question.answerType}
            {question.required ? ' (required)' : ' (optional)'}
          </Text>
          {question.choices.length > 0 && (
            <List size="sm">
              {question.choices.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          )}
          <Text size="xs" c="dimmed">
            Survey forms (a later release) will turn this question into a form field whose answers
            feed the data point.
          </Text>
        </Stack>
      </Card>
      <SurveyQuestionFormModal
        key={question.text + question.choices.join()}
        opened={editing}
        onClose={() => setEditing(false)}
        question={question}
      />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete survey question"
        centered
      >
        <Stack>
          <Text size="sm">Delete “{question.text}”?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() =>
                router.delete(route('survey-questions.destroy', { surveyQuestion: question.id }), {
                  onFinish: () => setDeleting(false),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CommentThread subjectType="survey_question" subjectId={question.id} />
    </Stack>
  );
}
