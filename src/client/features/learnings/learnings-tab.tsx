import { useState, type FormEvent } from 'react';
import { Link, router, useForm } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { plural } from '@shared/format/plural';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import {
  CONFIDENCE_LABELS,
  LEARNING_STATUS_LABELS,
  learningQuestionSchema,
} from '@shared/learnings/learnings.schemas';
import type { LearningQuestionView, LearningView, LearningsTab } from '@shared/learnings/learnings';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';
import { LearningFormModal, type LearningFormMode } from './learning-form';

interface Perms {
  create: boolean;
  update: boolean;
  delete: boolean;
}
const STATUS_COLOR = { open: 'blue', in_progress: 'yellow', done: 'green' } as const;
const CONFIDENCE_COLOR = { low: 'gray', medium: 'blue', high: 'teal' } as const;

type Deleting =
  { kind: 'learning'; item: LearningView } | { kind: 'question'; item: LearningQuestionView };

/** The problem's Learnings tab: learning questions answered over time, and the learnings recorded. */
export function LearningsTabView({
  problemId,
  tab,
  can,
}: {
  problemId: string;
  tab: LearningsTab;
  can: Perms;
}) {
  const [form, setForm] = useState<LearningFormMode | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [editingQuestion, setEditingQuestion] = useState<LearningQuestionView | null>(null);
  const byId = new Map(tab.learnings.map((l) => [l.id, l]));
  const questionText = new Map(tab.questions.map((q) => [q.id, q.text]));

  const confirmDelete = () => {
    if (!deleting) return;
    const url =
      deleting.kind === 'learning'
        ? route('learnings.destroy', { learning: deleting.item.id })
        : route('learning-questions.destroy', { learningQuestion: deleting.item.id });
    router.delete(url, { preserveScroll: true, onFinish: () => setDeleting(null) });
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Title order={3} size="h4">
          Learning questions
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          What the team wants its monitoring to answer. Record a learning that answers a question to
          track it over time.
        </Text>
        <Stack gap="xs">
          {tab.questions.length === 0 && (
            <Text size="sm" c="dimmed">
              No learning questions yet. {can.create ? 'Ask the first one below.' : ''}
            </Text>
          )}
          {tab.questions.map((q) =>
            editingQuestion?.id === q.id ? (
              <QuestionForm
                key={q.id}
                problemId={problemId}
                tab={tab}
                question={q}
                onDone={() => setEditingQuestion(null)}
              />
            ) : (
              <Card key={q.id} withBorder padding="xs" data-testid="learning-question">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text size="sm" fw={600}>
                      {q.text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {q.element
                        ? `${ELEMENT_KIND_LABELS[q.element.kind]}: ${q.element.title} · `
                        : ''}
                      {q.answeredBy.length
                        ? `Answered by ${plural(q.answeredBy.length, 'learning')}, latest: “${byId.get(q.answeredBy[0])?.summary.slice(0, 80) ?? ''}”`
                        : 'Not answered yet'}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    {can.create && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setForm({ type: 'create', questionId: q.id })}
                      >
                        Answer
                      </Button>
                    )}
                    {can.update && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={`Edit question: ${q.text}`}
                        onClick={() => setEditingQuestion(q)}
                      >
                        <IconPencil size={14} />
                      </Button>
                    )}
                    {can.delete && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete question: ${q.text}`}
                        onClick={() => setDeleting({ kind: 'question', item: q })}
                      >
                        <IconTrash size={14} />
                      </Button>
                    )}
                  </Group>
                </Group>
              </Card>
            ),
          )}
          {can.create && <QuestionForm problemId={problemId} tab={tab} />}
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" mb="sm">
          <div>
            <Title order={3} size="h4">
              Learnings
            </Title>
            <Text size="sm" c="dimmed">
              What the team learned, the evidence, how sure it is, and what changes as a result.
            </Text>
          </div>
          {can.create && (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => setForm({ type: 'create' })}
            >
              Record a learning
            </Button>
          )}
        </Group>
        <Stack gap="sm">
          {tab.learnings.length === 0 && (
            <Text size="sm" c="dimmed">
              No learnings recorded yet. Look at the Insights tab for metrics that are off track,
              then record what the team learned and what it will change.
            </Text>
          )}
          {tab.learnings.map((l) => (
            <Card key={l.id} withBorder padding="sm" data-testid="learning">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ flex: 1 }}>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {l.summary}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[l.status]}>
                      {LEARNING_STATUS_LABELS[l.status]}
                    </Badge>
                    <Badge size="sm" variant="outline" color={CONFIDENCE_COLOR[l.confidence]}>
                      {CONFIDENCE_LABELS[l.confidence]} confidence
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {l.metric ? (
                        <>
                          Metric:{' '}
                          <Anchor
                            component={Link}
                            href={route('metrics.show', { metric: l.metric.id })}
                            size="xs"
                          >
                            {l.metric.name}
                          </Anchor>
                        </>
                      ) : l.element ? (
                        <>
                          {ELEMENT_KIND_LABELS[l.element.kind]}:{' '}
                          <Anchor
                            component={Link}
                            href={route('elements.show', { element: l.element.id })}
                            size="xs"
                          >
                            {l.element.title}
                          </Anchor>
                        </>
                      ) : (
                        'The problem as a whole'
                      )}
                      {l.questionId ? ` · Answers “${questionText.get(l.questionId) ?? ''}”` : ''}
                    </Text>
                  </Group>
                  {l.evidence.length > 0 && (
                    <Group gap={8}>
                      <Text size="xs" fw={600}>
                        Evidence:
                      </Text>
                      {l.evidence.map((e, i) =>
                        e.url.startsWith('/') ? (
                          <Anchor key={i} component={Link} href={e.url} size="xs">
                            {e.label}
                          </Anchor>
                        ) : (
                          <Anchor
                            key={i}
                            href={e.url}
                            size="xs"
                            target="_blank"
                            rel="noopener noreferrer nofollow"
                          >
                            {e.label}
                          </Anchor>
                        ),
                      )}
                    </Group>
                  )}
                  {l.action && (
                    <Text size="xs">
                      <Text span fw={600} size="xs">
                        Action:{' '}
                      </Text>
                      {l.action}
                      {l.actionOwner ? ` · ${l.actionOwner.name}` : ''}
                      {l.actionDue ? ` · due ${l.actionDue}` : ''}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    Recorded {l.createdAt.slice(0, 10)}
                    {l.createdBy ? ` by ${l.createdBy}` : ''}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {can.update && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label="Edit learning"
                      onClick={() => setForm({ type: 'edit', learning: l })}
                    >
                      <IconPencil size={14} />
                    </Button>
                  )}
                  {can.delete && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label="Delete learning"
                      onClick={() => setDeleting({ kind: 'learning', item: l })}
                    >
                      <IconTrash size={14} />
                    </Button>
                  )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </Card>

      <LearningFormModal
        problemId={problemId}
        mode={form}
        tab={tab}
        onClose={() => setForm(null)}
      />
      <Modal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={
          deleting?.kind === 'question' ? 'Delete this learning question?' : 'Delete this learning?'
        }
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {deleting?.kind === 'question'
              ? 'The learnings that answered it stay; they no longer point at a question.'
              : 'The learning, its evidence links and its action are removed.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Add a question (or edit one in place). */
function QuestionForm({
  problemId,
  tab,
  question,
  onDone,
}: {
  problemId: string;
  tab: LearningsTab;
  question?: LearningQuestionView;
  onDone?: () => void;
}) {
  const form = useForm({ text: question?.text ?? '', elementId: question?.element?.id ?? '' });
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const body = { text: form.data.text, elementId: form.data.elementId || null };
    if (!passesCheck(form, learningQuestionSchema, body)) return;
    form.transform(() => body);
    const opts = {
      preserveScroll: true,
      onSuccess: () => {
        form.reset();
        onDone?.();
      },
    };
    if (question)
      form.put(route('learning-questions.update', { learningQuestion: question.id }), opts);
    else form.post(route('learning-questions.store', { problem: problemId }), opts);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={question ? 'Question' : 'New learning question'}
          placeholder="e.g. Why do girls in rural schools drop out after grade 6?"
          value={form.data.text}
          onChange={(e) => form.setData('text', e.currentTarget.value)}
          error={errors.text}
          style={{ flex: 2, minWidth: 240 }}
        />
        <ChoiceSelect
          label="About"
          noneLabel="The problem as a whole"
          data={tab.options.elements.map((e) => ({
            value: e.id,
            label: `${ELEMENT_KIND_LABELS[e.kind]}: ${e.title}`,
          }))}
          value={form.data.elementId || null}
          onChange={(v) => form.setData('elementId', v)}
          error={errors.elementId}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Group gap="xs" mt={25}>
          {onDone && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant={question ? 'filled' : 'light'} loading={form.processing}>
            {question ? 'Save' : 'Add question'}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
