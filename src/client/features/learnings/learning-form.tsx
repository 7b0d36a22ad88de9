import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import {
  CONFIDENCE_LABELS,
  CONFIDENCES,
  createLearningSchema,
  LEARNING_STATUS_LABELS,
  LEARNING_STATUSES,
  MAX_EVIDENCE,
  type Evidence,
} from '@shared/learnings/learnings.schemas';
import type { LearningView, LearningsTab } from '@shared/learnings/learnings';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

export type LearningFormMode =
  { type: 'create'; questionId?: string } | { type: 'edit'; learning: LearningView };

interface Props {
  problemId: string;
  mode: LearningFormMode | null;
  tab: LearningsTab;
  onClose: () => void;
}

/** Record or edit a learning, in a modal. */
export function LearningFormModal({ problemId, mode, tab, onClose }: Props) {
  const [shown, setShown] = useState(mode);
  const [opens, setOpens] = useState(0);
  if (mode && mode !== shown) {
    setShown(mode);
    setOpens(opens + 1);
  }
  return (
    <Modal
      opened={!!mode}
      onClose={onClose}
      title={shown?.type === 'edit' ? 'Edit learning' : 'Record a learning'}
      size="lg"
      centered
    >
      {shown && (
        <LearningForm key={opens} problemId={problemId} mode={shown} tab={tab} onDone={onClose} />
      )}
    </Modal>
  );
}

function LearningForm({
  problemId,
  mode,
  tab,
  onDone,
}: {
  problemId: string;
  mode: LearningFormMode;
  tab: LearningsTab;
  onDone: () => void;
}) {
  const l = mode.type === 'edit' ? mode.learning : null;
  const form = useForm({
    summary: l?.summary ?? '',
    subject: l?.metric ? `metric:${l.metric.id}` : l?.element ? `element:${l.element.id}` : '',
    questionId: l?.questionId ?? (mode.type === 'create' ? (mode.questionId ?? '') : ''),
    evidence: (l?.evidence ?? []) as Evidence[],
    confidence: l?.confidence ?? 'medium',
    action: l?.action ?? '',
    actionOwnerId: l?.actionOwner?.id ?? '',
    actionDue: l?.actionDue ?? '',
    status: l?.status ?? 'open',
  });
  const errors = form.errors as Record<string, string | undefined>;
  const subjects = [
    ...tab.options.elements.map((e) => ({
      value: `element:${e.id}`,
      label: `${ELEMENT_KIND_LABELS[e.kind]}: ${e.title}`,
    })),
    ...tab.options.metrics.map((m) => ({ value: `metric:${m.id}`, label: `Metric: ${m.name}` })),
  ];
  const prepare = (d: typeof form.data) => {
    const [kind, id] = d.subject.split(':');
    return {
      summary: d.summary,
      elementId: kind === 'element' ? id : null,
      metricId: kind === 'metric' ? id : null,
      questionId: d.questionId || null,
      evidence: d.evidence,
      confidence: d.confidence,
      action: d.action,
      actionOwnerId: d.actionOwnerId || null,
      actionDue: d.actionDue,
      status: d.status,
    };
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!passesCheck(form, createLearningSchema, prepare(form.data))) return;
    form.transform(prepare);
    const opts = { preserveScroll: true, onSuccess: () => onDone() };
    if (mode.type === 'edit')
      form.put(route('learnings.update', { learning: mode.learning.id }), opts);
    else form.post(route('learnings.store', { problem: problemId }), opts);
  };
  const setEvidence = (i: number, patch: Partial<Evidence>) =>
    form.setData(
      'evidence',
      form.data.evidence.map((e, j) => (j === i ? { ...e, ...patch } : e)),
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="What was learned"
          required
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
          value={form.data.summary}
          onChange={(e) => form.setData('summary', e.currentTarget.value)}
          error={errors.summary}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceSelect
            label="Recorded against"
            noneLabel="The problem as a whole"
            data={subjects}
            value={form.data.subject || null}
            onChange={(v) => form.setData('subject', v)}
            error={errors.elementId ?? errors.metricId}
            searchable
          />
          <ChoiceSelect
            label="Answers the question"
            noneLabel="No question"
            data={tab.questions.map((q) => ({ value: q.id, label: q.text }))}
            value={form.data.questionId || null}
            onChange={(v) => form.setData('questionId', v)}
            error={errors.questionId}
          />
          <ChoiceSelect
            label="Confidence"
            data={CONFIDENCES.map((c) => ({ value: c, label: CONFIDENCE_LABELS[c] }))}
            value={form.data.confidence}
            onChange={(v) => v && form.setData('confidence', v)}
            error={errors.confidence}
          />
          <ChoiceSelect
            label="Status"
            data={LEARNING_STATUSES.map((s) => ({ value: s, label: LEARNING_STATUS_LABELS[s] }))}
            value={form.data.status}
            onChange={(v) => v && form.setData('status', v)}
            error={errors.status}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500}>
            Evidence
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            Links to the figures, responses or documents behind it: a page of this app (e.g. a
            metric’s address, starting with /) or a web address.
          </Text>
          <Stack gap={6}>
            {form.data.evidence.map((e, i) => (
              <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={`Evidence ${i + 1}: what it is`}
                  placeholder="e.g. Q2 exam results"
                  value={e.label}
                  onChange={(ev) => setEvidence(i, { label: ev.currentTarget.value })}
                  error={errors[`evidence.${i}.label`]}
                  style={{ flex: 1 }}
                />
                <TextInput
                  aria-label={`Evidence ${i + 1}: link`}
                  placeholder="/metrics/… or https://…"
                  value={e.url}
                  onChange={(ev) => setEvidence(i, { url: ev.currentTarget.value })}
                  error={errors[`evidence.${i}.url`]}
                  style={{ flex: 1.4 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={6}
                  aria-label={`Remove evidence ${i + 1}`}
                  onClick={() =>
                    form.setData(
                      'evidence',
                      form.data.evidence.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
            {form.data.evidence.length < MAX_EVIDENCE && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  form.setData('evidence', [...form.data.evidence, { label: '', url: '' }])
                }
                style={{ alignSelf: 'flex-start' }}
              >
                Add evidence
              </Button>
            )}
          </Stack>
        </div>
        <Textarea
          label="What changes as a result"
          description="The action it leads to, or the change to the theory of change."
          autosize
          minRows={2}
          value={form.data.action}
          onChange={(e) => form.setData('action', e.currentTarget.value)}
          error={errors.action}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceSelect
            label="Action owner"
            noneLabel="Nobody yet"
            data={tab.options.members.map((m) => ({ value: m.id, label: m.name }))}
            value={form.data.actionOwnerId || null}
            onChange={(v) => form.setData('actionOwnerId', v)}
            error={errors.actionOwnerId}
            searchable
          />
          <TextInput
            type="date"
            label="Action due"
            value={form.data.actionDue}
            onChange={(e) => form.setData('actionDue', e.currentTarget.value)}
            error={errors.actionDue}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            {mode.type === 'edit' ? 'Save' : 'Record learning'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
