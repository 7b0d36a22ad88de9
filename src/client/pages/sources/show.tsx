import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconTable, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { DeleteSourceModal } from '../../features/sources/delete-source-modal';
import { RowErrorsTable } from '../../features/sources/row-errors-table';
import { ColumnsTable, RowsTable, VersionsTable } from '../../features/sources/source-tables';
import { count } from '../../features/sources/labels';
import { UrlSourceCard } from '../../features/sources/url-source-card';
import { VersionDiffCard } from '../../features/sources/version-diff';
import { TocFeedsCard } from '../../features/sources/toc-feeds-card';

/** sources/show: a source's details, versions, columns, errors and first rows */
export default function SourceShow(props: PagePropsOf<'sources/show'>) {
  const { dataset, project, current, versions, columns, errors, rows, activeJobId } = props;
  const { urlSource, diff } = props;
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="lg">
      <Head title={dataset.name} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Sources', href: route('sources.index', { project: project.id }) },
          { label: dataset.name },
        ]}
        title={dataset.name}
        subtitle={
          current
            ? `${
                props.fileName ??
                (dataset.origin === 'database'
                  ? 'Imported from a database'
                  : dataset.origin === 'connector'
                    ? 'Imported by a connector'
                    : urlSource
                      ? 'Fetched from an address'
                      : 'Uploaded file')
              } · version ${current.number} · ${count(current.rowCount)} rows`
            : 'No version has been imported yet.'
        }
        actions={
          <Group gap="sm">
            {current && (
              <Button
                component={Link}
                href={route('sources.datagrid', { source: dataset.id })}
                leftSection={<IconTable size={16} />}
              >
                Open all rows
              </Button>
            )}
            {dataset.origin === 'upload' && !urlSource && (
              <Button
                component={Link}
                href={route('sources.create', { project: project.id, dataset: dataset.id })}
                variant="light"
                leftSection={<IconRefresh size={16} />}
              >
                Refresh with a new file
              </Button>
            )}
            <Button
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        }
      />
      {activeJobId && (
        <Alert color="blue" variant="light" title="An import is running">
          <Anchor component={Link} href={route('jobs.show', { job: activeJobId })} size="sm">
            Follow its progress
          </Anchor>
        </Alert>
      )}
      {urlSource && <UrlSourceCard datasetId={dataset.id} source={urlSource} />}
      {diff && <VersionDiffCard datasetId={dataset.id} diff={diff} />}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Data
          </Title>
          {rows ? (
            <>
              <RowsTable page={rows} />
              {rows.next !== null && (
                <Text size="sm" c="dimmed">
                  The first {count(rows.rows.length)} of {count(current?.rowCount)} rows.{' '}
                  <Anchor component={Link} href={route('sources.datagrid', { source: dataset.id })}>
                    See all rows, sort and filter them
                  </Anchor>
                </Text>
              )}
            </>
          ) : (
            <Text size="sm">The data appears here once an import has finished.</Text>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Columns
          </Title>
          <ColumnsTable columns={columns} />
        </Stack>
      </Card>
      <TocFeedsCard feeds={props.feeds} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Values not converted
          </Title>
          <RowErrorsTable id={`source-errors-${dataset.id}`} errors={errors} />
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Versions
          </Title>
          <VersionsTable versions={versions} />
        </Stack>
      </Card>
      <DeleteSourceModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        dataset={dataset}
        rows={current?.rowCount ?? 0}
        versions={versions.length}
      />
    </Stack>
  );
}
