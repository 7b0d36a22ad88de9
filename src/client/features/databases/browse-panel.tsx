import { useState, type FormEvent } from 'react';
import { Link, router } from '@inertiajs/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTable, IconEye } from '@tabler/icons-react';
import { route } from '@shared/route';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';
import type { BrowseView } from '@shared/databases/databases.pages';
import { previewQuerySchema } from '@shared/databases/databases.schemas';
import { passesCheck, stateForm } from '../../lib/form-check';
import { DataTable } from '../../components/data-table';
import { ImportForm } from './import-form';

interface PreviewRow {
  n: number;
  cells: Array<string | null>;
}

interface Props {
  connectionId: string;
  browse: BrowseView;
  projects: Array<{ id: string; name: string }>;
}

/** The database's tables, a SELECT box, the picked source's columns and first rows, and the import form */
export function BrowsePanel({ connectionId, browse, projects }: Props) {
  const here = route('databases.show', { database: connectionId });
  const preview = browse.preview;
  const [query, setQuery] = useState(preview?.query ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const runQuery = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(stateForm({ query }, setErrors), previewQuerySchema)) return;
    router.get(here, { query }, { preserveScroll: true });
  };
  if (browse.problem)
    return (
      <Alert color="red" title="The database could not be read">
        {browse.problem}
      </Alert>
    );
  const picked = (schema: string, name: string) =>
    preview?.table?.schema === schema && preview.table.name === name;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }} miw={0}>
        <Card withBorder padding="sm" radius="md">
          <Title order={2} size="h5" mb="xs">
            Tables
          </Title>
          {browse.tables.length === 0 ? (
            <Text size="sm" c="dimmed">
              This user can read no table here: grant it SELECT, or write a query.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              {browse.tables.map((t) => (
                <NavLink
                  key={`${t.schema}.${t.name}`}
                  component={Link}
                  href={`${here}?${new URLSearchParams({ schema: t.schema, table: t.name })}`}
                  preserveScroll
                  active={picked(t.schema, t.name)}
                  label={t.name}
                  description={t.kind === 'view' ? `${t.schema} · view` : t.schema}
                  leftSection={<IconTable size={16} />}
                  // the schema under the picked table: body text, readable on the light blue
                  styles={{ description: { color: 'var(--mantine-color-text)' } }}
                />
              ))}
            </ScrollArea.Autosize>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }} miw={0}>
        <Stack gap="lg" miw={0}>
          <Card withBorder padding="lg" radius="md">
            <form onSubmit={runQuery} noValidate>
              <Stack gap="sm">
                <Textarea
                  label="Or write a SELECT"
                  description="One read-only statement (SELECT or WITH). It runs in a read-only transaction with a time limit."
                  autosize
                  minRows={3}
                  maxRows={12}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  error={errors.query}
                />
                <Group justify="flex-end">
                  <Button type="submit" variant="light" leftSection={<IconEye size={16} />}>
                    Preview the query
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
          {preview && (
            <Card withBorder padding="lg" radius="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {preview.kind === 'table'
                    ? `${preview.table?.schema}.${preview.table?.name}`
                    : 'Query preview'}
                </Title>
                {preview.problem ? (
                  <Alert color="red" title="The preview failed">
                    {preview.problem}
                  </Alert>
                ) : (
                  <>
                    <Text size="sm" c="dimmed">
                      The first {preview.rows.length} rows, with the type each column is imported
                      as.
                    </Text>
                    <DataTable
                      id="database-preview"
                      caption="First rows"
                      rows={preview.rows.map((cells, n) => ({ n, cells }))}
                      rowKey={(r) => r.n}
                      columns={preview.columns.map((c, j) => ({
                        key: `c${j}`,
                        label: c.name,
                        title: (
                          <Stack gap={2}>
                            <span>{c.name}</span>
                            <Badge size="xs" variant="light" color="gray" tt="none">
                              {COLUMN_TYPE_LABELS[c.type]}
                            </Badge>
                            <Text size="xs" c="dimmed" fw={400}>
                              {c.remoteType}
                            </Text>
                          </Stack>
                        ),
                        value: (r: PreviewRow) => r.cells[j],
                        render: (r: PreviewRow) => r.cells[j] ?? '',
                      }))}
                      plain
                      minWidth={Math.max(500, preview.columns.length * 140)}
                    />
                    <ImportForm
                      key={
                        preview.table
                          ? `${preview.table.schema}.${preview.table.name}`
                          : preview.query
                      }
                      connectionId={connectionId}
                      projects={projects}
                      source={
                        preview.kind === 'table' && preview.table
                          ? {
                              kind: 'table',
                              schema: preview.table.schema,
                              name: preview.table.name,
                            }
                          : { kind: 'query', query: preview.query ?? '' }
                      }
                    />
                  </>
                )}
              </Stack>
            </Card>
          )}
          {!preview && (
            <Text size="sm" c="dimmed">
              Pick a table on the left or preview a query: you see its columns and first rows before
              anything is imported.
            </Text>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
