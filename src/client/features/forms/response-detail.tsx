import { useState, type FormEvent } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import { formatDateTime } from '@shared/format/date';
import {
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  isDisplayOnly,
  otherKey,
  type QuestionDef,
} from '@shared/forms/questions';
import { validateAnswers } from '@shared/forms/answers';
import { questionsByKey } from '@shared/forms/label-text';
import type { Answer } from '@shared/expressions';
import { editResponseSchema } from '@shared/forms/forms.schemas';
import type { ResponseDetailProps } from '@shared/forms/forms.pages';
import { PageHeader } from '../projects/page-header';
import { DataTable } from '../../components/data-table';
import { HttpError, httpJson } from '../../lib/http';
import { passesCheck, stateForm } from '../../lib/form-check';
import { AnswerInput } from './answer-input';
import { filledAnswers, toEditValue, type EditAnswers } from './edit-values';
import { RepeatAnswers, RepeatInput } from './repeat-answers';
import { ResponseFlags } from './response-flags';
import { FileAnswerView, asFileAnswer } from './file-answer';
import { STATUS_COLOR, answerText, showAnswer } from './response-format';
import { formatNumber } from '@shared/format/number';

const seconds = (ms: number) =>
  ms < 10_000
    ? `${formatNumber(ms / 1000, 1)} s`
    : ms < 60_000
      ? `${Math.round(ms / 1000)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/**
 * The question a history change names: `age`, `x__other`, or inside a repeat `members[2].age`, at
 * any depth (`members[2].visits[1].clinic`); an instance added or removed (`members[3]`) names none.
 */
function questionOf(byKey: Map<string, QuestionDef>, key: string): QuestionDef | undefined {
  const m = /^([^[.]+)\[\d+\](?:\.(.+))?$/.exec(key);
  if (!m) return byKey.get(key);
  const repeat = byKey.get(m[1]);
  const inner = new Map((repeat?.questions ?? []).map((c) => [c.key, c]));
  return m[2] ? questionOf(inner, m[2]) : undefined;
}

/** surveyholders/response, stakeholders/response: one response, its edit, history, flags and review. */
export function ResponseDetail({
  project,
  form,
  response,
  questions,
  history,
  flags,
  can,
}: ResponseDetailProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<EditAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const asked = questions.filter((q) => !isDisplayOnly(q.type));
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const listUrl = route('responses.index', { form: form.id });

  const startEdit = () => {
    setDraft(
      Object.fromEntries(Object.entries(response.answers).map(([k, v]) => [k, toEditValue(v)])),
    );
    setErrors({});
    setProblem(null);
    setEditing(true);
  };
  async function save(e: FormEvent) {
    e.preventDefault();
    const body = { revision: response.revision, answers: filledAnswers(draft) };
    if (!passesCheck(stateForm(body, setErrors), editResponseSchema)) return;
    // the server's own check, first here: the version's questions, skip logic included
    const checked = validateAnswers(questions, body.answers);
    if (Object.keys(checked.errors).length) return setErrors(checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      await httpJson(route('responses.update', { formResponse: response.id }), {
        method: 'PUT',
        body,
      });
      setEditing(false);
      router.reload();
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        const fields = (err.body as { errors?: Record<string, string> }).errors ?? {};
        setErrors(fields);
        setProblem(fields.answers ?? (Object.keys(fields).length ? null : err.message));
      } else setProblem(err instanceof Error ? err.message : 'The edit was not saved.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      <Head title={`Response #${response.seq}: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Responses', href: listUrl },
          { label: `#${response.seq}` },
        ]}
        title={`Response #${response.seq}`}
        badge={
          <Group gap={6}>
            <Badge variant="light" color={STATUS_COLOR[response.status]}>
              {REVIEW_STATUS_LABELS[response.status]}
            </Badge>
            {response.deleted && (
              <Badge variant="light" color="red">
                Deleted
              </Badge>
            )}
          </Group>
        }
        subtitle={form.name}
      />
      <Card withBorder radius="md" padding="lg">
        <Stack component="dl" gap={4} m={0}>
          {[
            ['Received', formatDateTime(response.submittedAt)],
            ['Last changed', formatDateTime(response.updatedAt)],
            ['Answered on', `version ${response.version}`],
            ['Revision', String(response.revision)],
            ...(response.wave ? [['Wave', response.wave]] : []),
            [
              'Link',
              response.link
                ? `${response.link.kind === 'personal' ? 'personal link' : 'open link'}${response.link.revoked ? ' (withdrawn since)' : ''}`
                : 'none (the link was removed)',
            ],
            [
              'Time to answer',
              response.durationMs === null ? 'not measured' : seconds(response.durationMs),
            ],
          ].map(([k, v]) => (
            <Group key={k} gap="xs" wrap="nowrap">
              <Text component="dt" size="sm" fw={600} w={130}>
                {k}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {v}
              </Text>
            </Group>
          ))}
          <Group gap="xs" wrap="nowrap">
            <Text component="dt" size="sm" fw={600} w={130}>
              Stakeholder
            </Text>
            <Text component="dd" size="sm" m={0}>
              {response.stakeholder ? (
                <Anchor
                  component={Link}
                  href={route('stakeholders.show', { stakeholder: response.stakeholder.id })}
                >
                  {response.stakeholder.name} ({response.stakeholder.code})
                </Anchor>
              ) : (
                'anonymous'
              )}
            </Text>
          </Group>
        </Stack>
      </Card>

      <ResponseFlags flags={flags} canClear={can.edit} />

      <section aria-labelledby="answers-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="answers-title">
            Answers
          </Title>
          {can.edit && !response.deleted && !editing && (
            <Button variant="light" onClick={startEdit}>
              Edit answers
            </Button>
          )}
        </Group>
        {editing ? (
          <form noValidate onSubmit={save} aria-label="Edit answers">
            <Stack gap="sm">
              {problem && (
                <Alert color="red" role="alert" title="Not saved">
                  {problem}
                </Alert>
              )}
              {asked.map((q) =>
                q.type === 'repeat' ? (
                  <RepeatInput
                    key={q.key}
                    q={q}
                    answers={draft}
                    errors={errors}
                    onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v }))}
                    responseId={response.id}
                  />
                ) : (
                  <AnswerInput
                    key={q.key}
                    q={q}
                    answers={draft}
                    error={errors[q.key]}
                    otherError={errors[otherKey(q.key)]}
                    onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v }))}
                    responseId={response.id}
                  />
                ),
              )}
              <Text size="xs" c="dimmed">
                Answers to questions hidden by skip logic are removed on save, as on the public
                form.
              </Text>
              <Group>
                <Button type="submit" loading={saving}>
                  Save answers
                </Button>
                <Button variant="subtle" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <DataTable<(typeof asked)[number]>
            id="response-answers"
            caption="The answers of this response"
            rows={asked}
            rowKey={(q) => q.key}
            plain
            columns={[
              { key: 'label', title: 'Question' },
              { key: 'key', title: 'Key', render: (q) => <Code>{q.key}</Code> },
              {
                key: 'answer',
                title: 'Answer',
                render: (q) => {
                  if (q.type === 'repeat')
                    return (
                      <RepeatAnswers
                        q={q}
                        value={response.answers[q.key]}
                        responseId={response.id}
                        around={{
                          answers: response.answers as Record<string, Answer>,
                          byKey: questionsByKey(questions),
                        }}
                      />
                    );
                  const file = asFileAnswer(response.answers[q.key]);
                  if (file) return <FileAnswerView responseId={response.id} file={file} />;
                  return `${answerText(q, response.answers[q.key]) || '—'}${
                    response.answers[otherKey(q.key)] !== undefined
                      ? ` (${showAnswer(response.answers[otherKey(q.key)])})`
                      : ''
                  }`;
                },
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="history-title">
        <Title order={2} size="h4" id="history-title" mb="xs">
          History
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not edited since it was received. Each edit is listed here with the previous values.
          </Text>
        ) : (
          <Stack gap="sm">
            {history.map((h) => (
              <Card key={h.revision} withBorder padding="sm">
                <Text size="sm" fw={600}>
                  Revision {h.revision}: {h.editedBy ?? 'a former member'},{' '}
                  {formatDateTime(h.editedAt)}
                </Text>
                <DataTable<(typeof h.changes)[number]>
                  id={`response-revision-${h.revision}`}
                  caption={`The answers changed in revision ${h.revision}`}
                  rows={h.changes}
                  rowKey={(c) => c.key}
                  plain
                  columns={[
                    {
                      key: 'label',
                      title: 'Question',
                      render: (c) => (
                        <>
                          {c.label} <Code>{c.key}</Code>
                        </>
                      ),
                    },
                    {
                      key: 'from',
                      title: 'Previous',
                      render: (c) =>
                        c.from === null ? '—' : answerText(questionOf(byKey, c.key), c.from),
                    },
                    {
                      key: 'to',
                      title: 'New',
                      render: (c) =>
                        c.to === null ? '—' : answerText(questionOf(byKey, c.key), c.to),
                    },
                  ]}
                />
              </Card>
            ))}
          </Stack>
        )}
      </section>

      {can.edit && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="xs">
            Review
          </Title>
          <Group gap="xs">
            {!response.deleted &&
              REVIEW_STATUSES.map((s) => (
                <Button
                  key={s}
                  size="xs"
                  variant={response.status === s ? 'filled' : 'light'}
                  color={STATUS_COLOR[s]}
                  aria-pressed={response.status === s}
                  onClick={() =>
                    router.put(route('responses.review', { formResponse: response.id }), {
                      status: s,
                    })
                  }
                >
                  {REVIEW_STATUS_LABELS[s]}
                </Button>
              ))}
            {response.deleted ? (
              <Button
                variant="light"
                onClick={() =>
                  router.post(route('responses.restore', { formResponse: response.id }))
                }
              >
                Restore
              </Button>
            ) : (
              can.delete && (
                <Button
                  color="red"
                  variant="light"
                  ml="auto"
                  onClick={() =>
                    router.delete(route('responses.destroy', { formResponse: response.id }))
                  }
                >
                  Delete
                </Button>
              )
            )}
          </Group>
        </Card>
      )}
    </Stack>
  );
}
