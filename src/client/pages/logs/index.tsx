import { useEffect, useState, type ReactNode } from 'react';
import { Head, router } from '@inertiajs/react';
import { Badge, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector, IconX } from '@tabler/icons-react';
import { route } from '@shared/route';
import { LOG_PER_PAGE, type LogSort } from '@shared/audit-logs/audit-logs.schemas';
import { dateTime, timeAgo } from '../../lib/time-ago';

interface Row {
  id: string;
  who: { name: string | null; email: string | null } | null;
  action: string;
  actionLabel: string;
  subject: string | null;
  subjectType: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

interface Option {
  value: string;
  label: string;
}

interface Props {
  rows: Row[];
  total: number;
  page: number;
  perPage: number;
  search: string;
  sort: LogSort;
  dir: 'asc' | 'desc';
  filters: { action: string | null; user: string | null; from: string | null; to: string | null };
  options: { actions: Option[]; users: Option[] };
}

type Query = { page?: number; perPage?: number; search?: string; sort?: LogSort; dir?: 'asc' | 'desc'; action?: string | null; user?: string | null; from?: string | null; to?: string | null };

function detailText(details: Record<string, unknown> | null) {
  if (!details) return null;
  const parts = Object.entries(details).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  return parts.length ? parts.join(' · ') : null;
}

export default function LogsIndex(props: Props) {
  const { rows, total, page, perPage, sort, dir, filters, options } = props;
  const [search, setSearch] = useState(props.search);
  useEffect(() => setSearch(props.search), [props.search]);

  const current: Query = { page, perPage, search: props.search || undefined, sort, dir, ...filters };
  const visit = (change: Query) => {
    const next = { ...current, page: 1, ...change };
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== null && v !== '') params[k] = v as string | number;
    if (params.page === 1) delete params.page;
    if (params.perPage === 10) delete params.perPage;
    if (params.sort === 'created_at' && params.dir === 'desc') {
      delete params.sort;
      delete params.dir;
    }
    router.get(route('logs.index', params), {}, { preserveState: true, preserveScroll: true, replace: true });
  };

  // search as you type, a moment after the last key
  useEffect(() => {
    if (search === props.search) return;
    const id = setTimeout(() => visit({ search: search.trim() || undefined }), 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const header = (label: string, key: LogSort) => {
    const active = sort === key;
    const Icon = active ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
    return (
      <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => visit({ sort: key, dir: active && dir === 'desc' ? 'asc' : active ? 'desc' : key === 'created_at' ? 'desc' : 'asc' })}>
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Icon size={14} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const filtered = !!(props.search || filters.action || filters.user || filters.from || filters.to);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);

  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={5}>
          <Text c="dimmed" ta="center" py="lg">
            {filtered ? 'No entries match these filters.' : 'Nothing has been logged for this team yet.'}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((r) => (
      <Table.Tr key={r.id} data-testid="log-row">
        <Table.Td>
          {r.who ? (
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
          )}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{r.actionLabel}</Text>
          <Badge size="xs" variant="light" color="gray" tt="none">
            {r.action}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{r.subject ?? '—'}</Text>
          {detailText(r.details) && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {detailText(r.details)}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace">
            {r.ip ?? '—'}
          </Text>
        </Table.Td>
        <Table.Td>
          <Tooltip label={dateTime(r.createdAt)}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {timeAgo(r.createdAt)}
            </Text>
          </Tooltip>
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="lg">
      <Head title="Logs" />
      <div>
        <Title order={2}>Logs</Title>
        <Text c="dimmed" size="sm">
          Who did what in this team, and when: sign-ins, membership and settings changes, API tokens.
        </Text>
      </div>

      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, email, action, IP"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && visit({ search: search.trim() || undefined })}
          />
          <Select label="Action" placeholder="Any action" data={options.actions} value={filters.action} onChange={(v) => visit({ action: v })} clearable searchable />
          <Select label="User" placeholder="Anyone" data={options.users} value={filters.user} onChange={(v) => visit({ user: v })} clearable searchable />
          <TextInput label="From" type="date" value={filters.from ?? ''} max={filters.to ?? undefined} onChange={(e) => visit({ from: e.currentTarget.value || null })} />
          <TextInput label="To" type="date" value={filters.to ?? ''} min={filters.from ?? undefined} onChange={(e) => visit({ to: e.currentTarget.value || null })} />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="xs">
            <Button size="xs" variant="subtle" leftSection={<IconX size={14} />} onClick={() => visit({ search: undefined, action: null, user: null, from: null, to: null })}>
              Clear filters
            </Button>
          </Group>
        )}
      </Card>

      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {header('Who', 'actor')}
                {header('What', 'action')}
                <Table.Th>Subject</Table.Th>
                {header('IP address', 'ip')}
                {header('When', 'created_at')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" p="md" wrap="wrap">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {total === 0 ? 'No entries' : `${first}–${last} of ${total}`}
            </Text>
            <Select
              aria-label="Rows per page"
              data={LOG_PER_PAGE.map((n) => ({ value: String(n), label: `${n} per page` }))}
              value={String(perPage)}
              onChange={(v) => v && visit({ perPage: Number(v) })}
              w={130}
              size="xs"
              allowDeselect={false}
            />
          </Group>
          <Pagination total={pages} value={page} onChange={(p) => visit({ page: p })} size="sm" />
        </Group>
      </Card>
    </Stack>
  );
}
