import { useState, type ReactNode } from 'react';
import { Link, router } from '@inertiajs/react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { route } from '@shared/route';
import { childKinds } from '@shared/toc/graph';
import { ELEMENT_KIND_LABELS, type ElementKind } from '@shared/toc/vocabulary';
import type { ElementListRow, ElementRef, MemberOption } from '@shared/problems/problems.types';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ElementFormModal, type ElementFormMode } from './element-form';
import { DeleteElementModal, type DeletableElement } from './delete-element-modal';
import { ELEMENT_STATUS_COLORS, elementStatusLabel, kindLabel } from './labels';

export interface ListPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** Small linked chips of related elements. */
function ElementChips({ items, empty = '—' }: { items: ElementRef[]; empty?: string }) {
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={2}>
      {items.map((i) => (
        <Anchor
          key={i.id}
          component={Link}
          href={route('elements.show', { element: i.id })}
          size="sm"
          lineClamp={2}
        >
          {i.title}
        </Anchor>
      ))}
    </Stack>
  );
}

interface Props {
  id: string;
  caption: string;
  problemId: string;
  rows: ElementListRow[];
  members: MemberOption[];
  can: ListPermissions;
  /** header of the "comes from" column (null: hide it) */
  fromTitle: string | null;
  toTitle: string | null;
  emptyAction: string;
  toolbar?: ReactNode;
}

/** The activity / output / outcome lists: a data table with row actions (open, edit, add child, delete). */
export function ElementList({
  id,
  caption,
  problemId,
  rows,
  members,
  can,
  fromTitle,
  toTitle,
  emptyAction,
  toolbar,
}: Props) {
  const [form, setForm] = useState<ElementFormMode | null>(null);
  const [deleting, setDeleting] = useState<DeletableElement | null>(null);

  const columns: Array<DataTableColumn<ElementListRow>> = [
    {
      key: 'title',
      title: 'Title',
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            href={route('elements.show', { element: r.id })}
            fw={600}
            size="sm"
          >
            {r.title}
          </Anchor>
          {r.kind !== 'activity' && r.kind !== 'output' && (
            <Text size="xs" c="dimmed">
              {kindLabel(r.kind, r.horizon)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      width: 120,
      render: (r) => (
        <Badge variant="light" color={ELEMENT_STATUS_COLORS[r.status] ?? 'gray'} size="sm">
          {elementStatusLabel(r.status)}
        </Badge>
      ),
    },
    {
      key: 'ownerName',
      title: 'Owner',
      sortable: true,
      visibleFrom: 'md',
      render: (r) => <Text size="sm">{r.ownerName ?? '—'}</Text>,
    },
    ...(fromTitle
      ? [
          {
            key: 'from',
            title: fromTitle,
            searchable: false,
            visibleFrom: 'sm' as const,
            width: 200,
            render: (r: ElementListRow) => <ElementChips items={r.from} />,
          },
        ]
      : []),
    ...(toTitle
      ? [
          {
            key: 'to',
            title: toTitle,
            searchable: false,
            visibleFrom: 'sm' as const,
            width: 200,
            render: (r: ElementListRow) => <ElementChips items={r.to} />,
          },
        ]
      : []),
    {
      key: 'metricCount',
      title: 'Metrics',
      sortable: true,
      searchable: false,
      width: 90,
      visibleFrom: 'md',
      align: 'right',
      render: (r) => <Text size="sm">{r.metricCount}</Text>,
    },
    {
      key: 'endDate',
      title: 'Dates',
      sortable: true,
      searchable: false,
      visibleFrom: 'lg',
      render: (r) => (
        <Text
          size="sm"
          c={r.startDate || r.endDate ? undefined : 'dimmed'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {r.startDate || r.endDate ? `${r.startDate ?? '…'} – ${r.endDate ?? '…'}` : '—'}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      searchable: false,
      align: 'right',
      render: (r) => (
        <RowActions
          row={r}
          can={can}
          onMove={(dir) => move(problemId, rows, r, dir)}
          onEdit={() => setForm({ type: 'edit', element: r })}
          onAddChild={(k) =>
            setForm({ type: 'create', kinds: [k], parent: { id: r.id, title: r.title } })
          }
          onDelete={() =>
            setDeleting({
              id: r.id,
              kind: r.kind,
              title: r.title,
              consequences: { links: r.from.length + r.to.length, metrics: r.metricCount },
            })
          }
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        id={`problem-${problemId}-${id}`}
        caption={caption}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        minWidth={360}
        emptyAction={emptyAction}
        toolbar={toolbar}
      />
      <ElementFormModal
        problemId={problemId}
        mode={form}
        members={members}
        onClose={() => setForm(null)}
      />
      <DeleteElementModal element={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Move an element one place up or down among the elements of its kind (elements.reorder). */
function move(problemId: string, rows: ElementListRow[], row: ElementListRow, dir: -1 | 1) {
  const siblings = rows.filter((r) => r.kind === row.kind).sort((a, b) => a.position - b.position);
  const i = siblings.findIndex((r) => r.id === row.id);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= siblings.length) return;
  const ids = siblings.map((r) => r.id);
  [ids[i], ids[j]] = [ids[j], ids[i]];
  router.put(
    route('elements.reorder', { problem: problemId }),
    { kind: row.kind, ids },
    { preserveScroll: true },
  );
}

function RowActions({
  row,
  can,
  onMove,
  onEdit,
  onAddChild,
  onDelete,
}: {
  row: ElementListRow;
  can: ListPermissions;
  onMove: (dir: -1 | 1) => void;
  onEdit: () => void;
  onAddChild: (k: ElementKind) => void;
  onDelete: () => void;
}) {
  const children = childKinds(row.kind);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        component={Link}
        href={route('elements.show', { element: row.id })}
        size="compact-sm"
        variant="subtle"
        leftSection={<IconExternalLink size={14} />}
        visibleFrom="sm"
      >
        Open
      </Button>
      {(can.update || can.create || can.delete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.title}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component={Link}
              href={route('elements.show', { element: row.id })}
              leftSection={<IconExternalLink size={14} />}
            >
              Open
            </Menu.Item>
            {can.update && (
              <>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                  Edit
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowUp size={14} />} onClick={() => onMove(-1)}>
                  Move up
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowDown size={14} />} onClick={() => onMove(1)}>
                  Move down
                </Menu.Item>
              </>
            )}
            {can.create &&
              children.map((k) => (
                <Menu.Item
                  key={k}
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onAddChild(k)}
                >
                  Add {ELEMENT_KIND_LABELS[k].toLowerCase()}
                </Menu.Item>
              ))}
            {can.delete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
