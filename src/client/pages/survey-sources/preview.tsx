import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { importSourceSchema } from '@shared/datasets/datasets.schemas';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck, stateForm } from '../../lib/form-check';
import { useShared } from '../../hooks/use-shared';
import { PageHeader } from '../../features/projects/page-header';
import { ColumnEditor, type ColumnChoice } from '../../features/sources/column-editor';
import { DELIMITER_LABELS, fileSize } from '../../features/sources/labels';

interface SampleRow {
  n: number;
  cells: string[];
}

/** survey-sources/preview: the first rows, the inferred types, and the user's choices */
export default function Preview(props: PagePropsOf<'survey-sources/preview'>) {
  const { project, dataset, upload, columns, rows, sampled, problem } = props;
  const shared = useShared();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const allErrors = { ...shared.errors, ...errors };
  const [name, setName] = useState(props.suggestedName);
  const [stakeholder, setStakeholder] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<ColumnChoice[]>(() =>
    columns.map((c) => ({
      index: c.index,
      label: c.label,
      type: c.type as ColumnChoice['type'],
      include: true,
    })),
  );
  const change = (i: number, patch: Partial<ColumnChoice>) =>
    setChoices((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const data = {
    name,
    sheet: upload.sheet,
    stakeholderColumn: stakeholder === '' ? null : Number(stakeholder),
    columns: choices,
  };
  const submit = () => {
    if (!passesCheck(stateForm(data, setErrors), importSourceSchema)) return;
    setBusy(true);
    router.post(route('sources.import', { file: upload.id }), data, {
      onFinish: () => setBusy(false),
    });
  };
  const detected =
    upload.format === 'xlsx'
      ? `Excel workbook, ${fileSize(upload.byteSize)}`
      : `${upload.encoding?.toUpperCase()}, ${DELIMITER_LABELS[upload.delimiter ?? ','] ?? 'comma'}-separated, ${fileSize(upload.byteSize)}`;
  const tableColumns: Array<DataTableColumn<SampleRow>> = columns.map((c, i) => ({
    key: `c${i}`,
    title: choices[i]?.label || c.source,
    value: (r: SampleRow) => r.cells[i],
    render: (r: SampleRow) => r.cells[i],
  }));
  return (
    <Stack gap="lg">
      <Head title={`Preview ${upload.fileName}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Sources', href: route('sources.index', { project: project.id }) },
          { label: 'Preview' },
        ]}
        title={`Preview of ${upload.fileName}`}
        subtitle={`${detected}. ${upload.headerRow ? 'The first row holds the column names.' : 'The file has no header row: columns are numbered.'}`}
      />
      {problem && (
        <Alert color="red" variant="light" title="This file cannot be imported" role="alert">
          {problem}
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label="Source name"
                required
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={allErrors.name}
                miw={220}
              />
              {upload.format === 'xlsx' && (
                <ChoiceSelect
                  label="Sheet"
                  data={upload.sheets.map((s) => ({ value: s, label: s }))}
                  value={upload.sheet}
                  error={allErrors.sheet}
                  onChange={(s) =>
                    router.get(
                      route('sources.preview', { file: upload.id, sheet: s }),
                      {},
                      {
                        preserveScroll: true,
                      },
                    )
                  }
                  miw={180}
                />
              )}
              <ChoiceSelect
                label="Stakeholder id column"
                description="Optional: the column that identifies each stakeholder"
                data={columns.map((c, i) => ({
                  value: String(c.index),
                  label: choices[i]?.label || c.source,
                }))}
                noneLabel="None"
                value={stakeholder}
                onChange={setStakeholder}
                error={allErrors.stakeholderColumn}
                miw={220}
              />
            </Group>
            <Title order={2} size="h4">
              Columns
            </Title>
            {allErrors.columns && (
              <Text size="sm" c="red.8" role="alert">
                {allErrors.columns}
              </Text>
            )}
            <ColumnEditor
              columns={columns}
              choices={choices}
              sampled={sampled}
              errors={allErrors}
              onChange={change}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={Boolean(problem) || !columns.length}>
                {dataset ? 'Import as a new version' : 'Start import'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            First rows
          </Title>
          <DataTable
            id="source-preview"
            caption="First rows of the file"
            rows={rows.map((cells, n) => ({ n, cells }))}
            rowKey={(r) => r.n}
            columns={tableColumns}
            plain
            minWidth={Math.max(500, columns.length * 140)}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
