import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatDateTime } from '@shared/format/date';
import { channels } from '@shared/realtime/channels';
import { REVIEW_STATUSES, REVIEW_STATUS_LABELS, otherKey } from '@shared/forms/questions';
import type { FormResponsesProps, ResponseColumn, ResponseRow } from '@shared/forms/forms.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ChoiceSelect } from '../../components/choice-select';
import { PageHeader } from '../projects/page-header';
import { useShared } from '../../hooks/use-shared';
import { useChannel } from '../../hooks/use-echo';
import { FLAG_LABELS, FLAG_RULES } from '@shared/forms/quality';
import { STATUS_COLOR, answerText, showAnswer } from './response-format';
import { FileAnswerView, asFileAnswer } from './file-answer';
import { ExportDialog } from './export-dialog';
import { useLastShown } from '../../hooks/use-last-shown';
import { AnswerColumnsMenu, useAnswerColumns } from './answer-columns';

const show = showAnswer;

/** An answer as the respondent saw it (a choice's label); a repeat group's: how many entries. */
const cellText = (c: ResponseColumn, v: unknown) =>
  c.type === 'repeat' ? showAnswer(v) : answerText(c, v);

const stakeholderColumn: DataTableColumn<ResponseRow> = {
  key: 'stakeholder',
  title: 'Stakeholder',
  visibleFrom: 'sm',
  render: (r: ResponseRow) =>
    r.stakeholder ? (
      <Anchor
        component={Link}
        href={route('stakeholders.show', { stakeholder: r.stakeholder.id })}
        size="sm"
      >
        {r.stakeholder.name}
      </Anchor>
    ) : (
      '—'
    ),
};

/** What a new response changes on the page: the rows, the review queue's count, the test responses' count. */
const LIVE_PROPS: Array<keyof FormResponsesProps> = ['responses', 'flagged', 'testCount'];

/** The responses list (surveyholders/responses, stakeholders/responses): filters, live rows, review, export. */
export function ResponsesPage({
  project,
  form,
  responses,
  filters,
  columns,
  versions,
  flagged,
  testCount,
  repeatGroups,
  can,
  datasetId,
  repeatDatasets,
}: FormResponsesProps) {
  const { auth } = useShared();
  const [open, setOpen] = useState<ResponseRow | null>(null);
  // the dialog keeps its title while it fades out
  const shownResponse = useLastShown(open);
  // the questions shown as columns (the rest: the Columns menu, the response dialog, the data grid)
  const answerColumns = useAnswerColumns(form.id, columns);
  // a new response on this form reloads the list and the counts it changes (a flagged one joins
  // the review queue); published after the submission commits. Once subscribed (and after a
  // reconnect) they are read again: what arrived before was not heard
  useChannel<{ formId: string }>(
    auth.team ? channels.team(auth.team.id) : null,
    'form-response.created',
    (d) => {
      if (d.formId === form.id) router.reload({ only: LIVE_PROPS });
    },
    { onSubscribed: () => router.reload({ only: LIVE_PROPS }) },
  );
  const here = route('responses.index', { form: form.id });
  const setFilter = (key: string, value: string) => {
    const q = new URLSearchParams(window.location.search);
    if (value) q.set(key, value);
    else q.delete(key);
    q.delete('page');
    router.get(`${here}?${q.toString()}`, {}, { preserveScroll: true, preserveState: true });
  };
  const cols: Array<DataTableColumn<ResponseRow>> = [
    {
      key: 'seq',
      title: '#',
      sortable: true,
      width: 70,
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setOpen(r)}
          aria-label={`Open response ${r.seq}`}
        >
          {r.seq}
        </Anchor>
      ),
    },
    {
      key: 'submitted_at',
      title: 'Received',
      sortable: true,
      width: 170,
      render: (r) => formatDateTime(r.submittedAt),
    },
    {
      key: 'version',
      title: 'Version',
      width: 80,
      render: (r) => (r.test ? 'draft (test)' : `v${r.version}`),
    },
    ...(form.kind === 'survey'
      ? [{ key: 'wave', title: 'Wave', width: 100, render: (r: ResponseRow) => r.wave ?? '—' }]
      : []),
    ...(form.anonymous ? [] : [stakeholderColumn]),
    ...columns
      .filter((c) => answerColumns.shown.includes(c.key))
      .map((c) => ({
        key: `a_${c.key}`,
        // picked in the Columns menu: shown at every width (a phone lists them in each row's card)
        title: c.label,
        render: (r: ResponseRow) => {
          const file = asFileAnswer(r.answers[c.key]);
          return file ? (
            <FileAnswerView responseId={r.id} file={file} thumb={40} />
          ) : (
            cellText(c, r.answers[c.key])
          );
        },
      })),
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      width: 120,
      render: (r) => (
        <Badge variant="light" color={STATUS_COLOR[r.status]}>
          {REVIEW_STATUS_LABELS[r.status]}
        </Badge>
      ),
    },
    {
      key: 'flags',
      title: 'Flags',
      width: 140,
      visibleFrom: 'sm',
      render: (r) =>
        r.flags.length ? (
          <Group gap={4}>
            {r.flags.map((f) => (
              <Badge key={f} color="orange" variant="light">
                {FLAG_LABELS[f]}
              </Badge>
            ))}
          </Group>
        ) : (
          ''
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <Head title={`Responses: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          {
            label: form.kind === 'survey' ? 'Survey forms' : 'Stakeholders',
            href:
              form.kind === 'survey'
                ? route('forms.surveys', { project: project.id })
                : route('stakeholders.index', { project: project.id }),
          },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Responses' },
        ]}
        title={`Responses: ${form.name}`}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              href={route('responses.queue', { form: form.id })}
              variant="light"
              color={flagged ? 'orange' : undefined}
            >
              Review queue ({flagged})
            </Button>
            {datasetId && (
              <Button
                component={Link}
                href={route('sources.datagrid', { source: datasetId })}
                variant="default"
              >
                Open in the data grid
              </Button>
            )}
            {repeatDatasets.map((d) => (
              <Button
                key={d.id}
                component={Link}
                href={route('sources.datagrid', { source: d.id })}
                variant="default"
              >
                {`${d.label} in the data grid`}
              </Button>
            ))}
            {!filters.test && (
              <ExportDialog formId={form.id} filters={filters} repeatGroups={repeatGroups} />
            )}
            {filters.test && can.delete && testCount > 0 && (
              <Button
                color="red"
                variant="light"
                onClick={() => router.delete(route('responses.test.destroy', { form: form.id }))}
              >
                Delete all test responses ({testCount})
              </Button>
            )}
          </Group>
        }
      />
      <DataTable
        id={`responses-${form.id}`}
        caption="Responses"
        data={responses}
        prop="responses"
        rowKey={(r) => r.id}
        columns={cols}
        filtered={Boolean(
          filters.wave || filters.version || filters.status || filters.flag || filters.deleted,
        )}
        emptyAction={
          <Text size="sm">
            {filters.test
              ? 'No test responses: open the draft’s test link from the builder (“Test this draft”).'
              : form.currentVersion
                ? 'Share the form’s link: responses appear here as they arrive.'
                : 'Publish the form from its builder to collect responses.'}
          </Text>
        }
        toolbar={
          <Group gap="xs" wrap="wrap">
            {form.kind === 'survey' && (
              <ChoiceSelect
                aria-label="Wave"
                placeholder="Wave"
                w={140}
                clearableFilter
                data={form.waves.map((w) => ({ value: w, label: w }))}
                value={filters.wave}
                onChange={(v) => setFilter('wave', v)}
              />
            )}
            <ChoiceSelect
              aria-label="Version"
              placeholder="Version"
              w={120}
              clearableFilter
              data={versions.map((v) => ({ value: String(v), label: `v${v}` }))}
              value={filters.version ? String(filters.version) : null}
              onChange={(v) => setFilter('version', v)}
            />
            <ChoiceSelect
              aria-label="Status"
              placeholder="Status"
              w={150}
              clearableFilter
              data={REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_STATUS_LABELS[s] }))}
              value={filters.status}
              onChange={(v) => setFilter('status', v)}
            />
            <ChoiceSelect
              aria-label="Flag"
              placeholder="Flag"
              w={150}
              clearableFilter
              data={FLAG_RULES.map((f) => ({ value: f, label: FLAG_LABELS[f] }))}
              value={filters.flag}
              onChange={(v) => setFilter('flag', v)}
            />
            <Checkbox
              label="Deleted"
              checked={filters.deleted}
              onChange={(e) => setFilter('deleted', e.currentTarget.checked ? '1' : '')}
            />
            <Checkbox
              label={`Test responses (${testCount})`}
              checked={Boolean(filters.test)}
              onChange={(e) => setFilter('test', e.currentTarget.checked ? '1' : '')}
            />
            {columns.length > 0 && <AnswerColumnsMenu questions={columns} {...answerColumns} />}
          </Group>
        }
      />
      {answerColumns.shown.length < columns.length && (
        <Text size="sm" c="dimmed">
          The table shows {answerColumns.shown.length} of {columns.length} questions: pick them with
          Columns. Open a response (its number) for all its answers
          {datasetId ? ', or the data grid for every question as a column' : ''}.
        </Text>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={shownResponse ? `Response #${shownResponse.seq}` : 'Response'}
        size="lg"
      >
        {open && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Received {formatDateTime(open.submittedAt)} ·{' '}
              {open.test ? 'test of the draft' : `version ${open.version}`}
              {open.wave ? ` · ${open.wave}` : ''}
            </Text>
            {!open.test && (
              <Anchor
                component={Link}
                href={route('responses.show', { formResponse: open.id })}
                size="sm"
              >
                Open the response page: edit, history, data quality
              </Anchor>
            )}
            {/* the answers as a description list: question, then its answer (the "other" text beside it) */}
            <Stack component="dl" gap={6} m={0}>
              {columns.map((c) => (
                <div key={c.key}>
                  <Text component="dt" size="sm" fw={600}>
                    {c.label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {asFileAnswer(open.answers[c.key]) ? (
                      <FileAnswerView
                        responseId={open.id}
                        file={asFileAnswer(open.answers[c.key])!}
                      />
                    ) : (
                      cellText(c, open.answers[c.key]) || '—'
                    )}
                    {open.answers[otherKey(c.key)] !== undefined
                      ? ` (${show(open.answers[otherKey(c.key)])})`
                      : ''}
                  </Text>
                </div>
              ))}
            </Stack>
            {can.review && !open.deleted && !open.test && (
              <Group gap="xs">
                {REVIEW_STATUSES.map((s) => (
                  <Button
                    key={s}
                    size="xs"
                    variant={open.status === s ? 'filled' : 'light'}
                    color={STATUS_COLOR[s]}
                    onClick={() =>
                      router.put(
                        route('responses.review', { formResponse: open.id }),
                        { status: s },
                        { preserveScroll: true, onSuccess: () => setOpen(null) },
                      )
                    }
                  >
                    {REVIEW_STATUS_LABELS[s]}
                  </Button>
                ))}
              </Group>
            )}
            {can.delete && !open.test && (
              <Group justify="flex-end">
                {open.deleted ? (
                  <Button
                    variant="light"
                    onClick={() =>
                      router.post(
                        route('responses.restore', { formResponse: open.id }),
                        {},
                        { onSuccess: () => setOpen(null) },
                      )
                    }
                  >
                    Restore
                  </Button>
                ) : (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() =>
                      router.delete(route('responses.destroy', { formResponse: open.id }), {
                        onSuccess: () => setOpen(null),
                      })
                    }
                  >
                    Delete
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
