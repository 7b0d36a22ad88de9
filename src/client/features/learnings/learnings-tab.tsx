import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { plural } from '@shared/format/plural';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import type { LearningQuestionView, LearningView, LearningsTab } from '@shared/learnings/learnings';
import { LearningFormModal, type LearningFormMode } from './learning-form';
import { LearningCard } from './learning-card';
import { QuestionForm } from './question-form';

interface Perms {
  create: boolean;
  update: boolean;
  delete: boolean;
}

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
            <LearningCard
              key={l.id}
              learning={l}
              question={l.questionId ? (questionText.get(l.questionId) ?? null) : null}
              can={can}
              onEdit={() => setForm({ type: 'edit', learning: l })}
              onDelete={() => setDeleting({ kind: 'learning', item: l })}
            />
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
