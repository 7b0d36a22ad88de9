import { Link } from '@inertiajs/react';
import { Anchor, Badge } from '@mantine/core';
import { route } from '@shared/route';
import type { RunItem } from '@shared/transformations/transformations.pages';
import { DataTable } from '../../components/data-table';
import { count } from '../sources/labels';
import { RUN_STATUS } from './labels';
import { formatDateTime } from '@shared/format/date';

/** "+2 added, 1 removed, 2 changed" (or "no row changed") */
function diffText(d: NonNullable<RunItem['diff']>): string {
  const parts = [
    d.added ? `${count(d.added)} added` : '',
    d.removed ? `${count(d.removed)} removed` : '',
    d.changed ? `${count(d.changed)} changed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no row changed';
}

/** A transformation's last runs, newest first as the server lists them */
export function RunsTable({ runs }: { runs: RunItem[] }) {
  return (
    <DataTable<RunItem>
      id="transformation-runs"
      caption="Last runs"
      rows={runs}
      rowKey={(r) => r.id}
      plain
      minWidth={760}
      emptyAction="Not run yet. “Run” applies the steps to every row and writes the result as a new version of the output dataset."
      columns={[
        {
          key: 'createdAt',
          title: 'Started',
          render: (r) => (
            <Anchor
              component={Link}
              href={route('transformation-runs.show', { run: r.id })}
              size="sm"
            >
              {formatDateTime(r.createdAt)}
            </Anchor>
          ),
        },
        {
          key: 'trigger',
          title: 'Why',
          render: (r) => (r.trigger === 'auto' ? 'New source version' : 'Run button'),
        },
        {
          key: 'status',
          title: 'Status',
          width: 110,
          render: (r) => (
            <Badge variant="light" color={RUN_STATUS[r.status].color}>
              {RUN_STATUS[r.status].label}
            </Badge>
          ),
        },
        { key: 'rowsIn', title: 'Rows in', align: 'right', render: (r) => count(r.rowsIn) },
        { key: 'rowsOut', title: 'Rows out', align: 'right', render: (r) => count(r.rowsOut) },
        { key: 'versionNumber', title: 'Version', render: (r) => r.versionNumber ?? '—' },
        {
          key: 'diff',
          title: 'Rows against the previous run',
          width: 150,
          render: (r) => (r.diff ? diffText(r.diff) : '—'),
        },
      ]}
    />
  );
}
