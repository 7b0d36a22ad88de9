import { Head, router } from '@inertiajs/react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconX } from '@tabler/icons-react';
import { auditDetailsText, auditSentence } from '@shared/audit-logs/sentences';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dateTime, relativeTime as timeAgo } from '../../lib/relative-time';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import type { AuditRowView, LogFilters } from '@shared/audit-logs/audit-logs.pages';

/** The current URL with the filters changed (the table's page back to 1; its length, sort and search kept). */
function withFilters(change: Partial<LogFilters>): string {
  const u = new URL(window.location.href);
  for (const [k, v] of Object.entries(change)) {
    if (v) u.searchParams.set(k, v);
    else u.searchParams.delete(k);
  }
  u.searchParams.delete('page');
  return u.pathname + u.search;
}

const columns: Array<DataTableColumn<AuditRowView>> = [
  {
    key: 'actor',
    title: 'Who',
    sortable: true,
    render: (r) =>
      r.who ? (
        <>
          <Text size="sm" fw={500}>
            {r.who.name ?? r.who.email}
          </Text>
          {r.who.name && r.who.email && (
            <Text size="xs" c="dimmed">
              {r.who.email}
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          System
        </Text>
      ),
  },
  {
    key: 'action',
    title: 'What',
    sortable: true,
    render: (r) => (
      <Text size="sm">
        {auditSentence({
          action: r.action,
          actorName: r.who?.name,
          actorEmail: r.who?.email,
          subjectLabel: r.subject,
        })}
      </Text>
    ),
  },
  {
    key: 'subject',
    title: 'Subject',
    render: (r) => (
      <>
        <Text size="sm">{r.subject ?? '—'}</Text>
        {auditDetailsText(r.details) && (
          <Text size="xs" c="dimmed">
            {auditDetailsText(r.details)}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'ip',
    title: 'IP address',
    sortable: true,
    render: (r) => (
      <Text size="sm" ff="monospace">
        {r.ip ?? '—'}
      </Text>
    ),
  },
  {
    key: 'created_at',
    title: 'When',
    sortable: true,
    render: (r) => (
      <Tooltip label={dateTime(r.createdAt)}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {timeAgo(r.createdAt)}
        </Text>
      </Tooltip>
    ),
  },
];

export default function LogsIndex({ logs, filters, options }: PagePropsOf<'logs/index'>) {
  const visit = (change: Partial<LogFilters>) =>
    router.get(
      withFilters(change),
      {},
      { preserveState: true, preserveScroll: true, replace: true, only: ['logs', 'filters'] },
    );
  const filtered = !!(filters.action || filters.user || filters.from || filters.to);

  return (
    <Stack gap="lg">
      <Head title="Logs" />
      <div>
        <PageTitle>Logs</PageTitle>
        <Text c="dimmed" size="sm">
          Who did what in this team, and when: sign-ins, membership and settings changes, API
          tokens. Search by name, email, action, subject or IP.
        </Text>
      </div>

      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <ChoiceSelect
            label="Action"
            placeholder="Any action"
            data={options.actions}
            value={filters.action}
            onChange={(v) => visit({ action: v || null })}
            clearableFilter
            searchable
          />
          <ChoiceSelect
            label="User"
            placeholder="Anyone"
            data={options.users}
            value={filters.user}
            onChange={(v) => visit({ user: v || null })}
            clearableFilter
            searchable
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(e) => visit({ from: e.currentTarget.value || null })}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(e) => visit({ to: e.currentTarget.value || null })}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="xs">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconX size={14} />}
              onClick={() => visit({ action: null, user: null, from: null, to: null })}
            >
              Clear filters
            </Button>
          </Group>
        )}
      </Card>

      <Card withBorder padding="md">
        <DataTable
          id="logs"
          caption="Audit log"
          prop="logs"
          data={logs}
          rowKey={(r) => r.id}
          columns={columns}
          minWidth={760}
          filtered={filtered}
        />
      </Card>
    </Stack>
  );
}
