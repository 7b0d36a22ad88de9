import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { FLAG_LABELS } from '@shared/forms/quality';
import { REVIEW_STATUS_LABELS } from '@shared/forms/questions';
import type { ReviewQueueProps } from '@shared/forms/forms.pages';
import { PageHeader } from '../projects/page-header';
import { DataTable } from '../../components/data-table';
import { ClearFlagButtons } from './response-flags';
import { STATUS_COLOR } from './response-format';

type Item = ReviewQueueProps['items'][number];

/** surveyholders/review, stakeholders/review: the flagged responses of a form, to clear one by one. */
export function ReviewQueue({ project, form, items, can }: ReviewQueueProps) {
  const listUrl = route('responses.index', { form: form.id });
  return (
    <Stack gap="lg">
      <Head title={`Review queue: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Responses', href: listUrl },
          { label: 'Review queue' },
        ]}
        title={`Review queue: ${form.name}`}
        subtitle="Responses flagged as too fast, duplicate or out of range. Keep each one after a look, or mark it rejected."
      />
      <DataTable
        id={`review-${form.id}`}
        caption="Flagged responses"
        rows={items}
        plain
        rowKey={(r: Item) => r.flagId}
        columns={[
          {
            key: 'seq',
            title: 'Response',
            width: 100,
            render: (r: Item) => (
              <Anchor
                component={Link}
                href={route('responses.show', { formResponse: r.response.id })}
              >
                #{r.response.seq}
              </Anchor>
            ),
          },
          {
            key: 'rule',
            title: 'Flag',
            width: 130,
            render: (r: Item) => (
              <Badge color="orange" variant="light">
                {FLAG_LABELS[r.rule]}
              </Badge>
            ),
          },
          {
            key: 'reason',
            title: 'Reason',
            render: (r: Item) => <Text size="sm">{r.reason}</Text>,
          },
          {
            key: 'status',
            title: 'Status',
            width: 120,
            render: (r: Item) => (
              <Badge variant="light" color={STATUS_COLOR[r.response.status]}>
                {REVIEW_STATUS_LABELS[r.response.status]}
              </Badge>
            ),
          },
          ...(can.clear
            ? [
                {
                  key: 'clear',
                  title: 'Clear',
                  width: 260,
                  render: (r: Item) => (
                    <ClearFlagButtons
                      flagId={r.flagId}
                      label={`${FLAG_LABELS[r.rule]}, response ${r.response.seq}`}
                    />
                  ),
                },
              ]
            : []),
        ]}
        emptyAction={
          <Text size="sm">
            Nothing to review: new responses are checked as they arrive.{' '}
            <Anchor component={Link} href={listUrl}>
              Back to the responses
            </Anchor>
          </Text>
        }
      />
      {items.length === 500 && (
        <Text size="sm" c="dimmed">
          The 500 oldest flags are shown: clear some to see the next ones.
        </Text>
      )}
    </Stack>
  );
}
