import { type FormEvent } from 'react';
import { Head, useForm } from '@inertiajs/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { XlsformReport, XlsformReportRow, XlsformRowStatus } from '@shared/forms/xlsform';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { plural } from '@shared/format/plural';

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STATUS: Record<XlsformRowStatus, { label: string; color: string }> = {
  imported: { label: 'Imported', color: 'green' },
  converted: { label: 'Converted', color: 'yellow' },
  unsupported: { label: 'Not supported', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
};

function Report({ report }: { report: XlsformReport }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Import report: {report.fileName}
      </Title>
      <Text size="sm">
        The draft survey form “{report.formTitle}” (language {report.language}) will have{' '}
        {plural(report.questionsCount, 'question')}.
      </Text>
      <Group gap="xs">
        {(Object.keys(STATUS) as XlsformRowStatus[]).map((s) => (
          <Badge key={s} color={STATUS[s].color} variant="light">
            {STATUS[s].label}: {report.counts[s]}
          </Badge>
        ))}
      </Group>
      {report.notes.length > 0 && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title="About the file"
        >
          <List size="sm" spacing={2}>
            {report.notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <DataTable<XlsformReportRow>
        id="xlsform-report"
        caption="Every row of the survey sheet and what it became"
        rows={report.rows}
        rowKey={(r) => `${r.sheet}-${r.row}`}
        plain
        minWidth={720}
        columns={[
          { key: 'row', title: 'Row' },
          {
            key: 'type',
            title: 'Type',
            render: (r) => (
              <Text size="sm" ff="monospace">
                {r.type || '—'}
              </Text>
            ),
          },
          { key: 'name', title: 'Name', render: (r) => r.name || '—' },
          { key: 'key', title: 'Key', render: (r) => r.key ?? '—' },
          {
            key: 'status',
            title: 'Result',
            width: 140,
            render: (r) => (
              <Badge
                color={STATUS[r.status].color}
                variant="light"
                style={{ minWidth: 'max-content' }}
              >
                {STATUS[r.status].label}
              </Badge>
            ),
          },
          {
            key: 'messages',
            title: 'Why',
            render: (r) =>
              r.messages.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              )),
          },
        ]}
      />
    </Stack>
  );
}

/** surveyholders/xlsform: check an XLSForm file, read the report, create a draft survey from it. */
export default function ImportXlsform({
  project,
  report,
  limits,
}: PagePropsOf<'surveyholders/xlsform'>) {
  const form = useForm<{ file: File | null }>({ file: null });
  const check = (e: FormEvent) => {
    e.preventDefault();
    form.post(route('forms.xlsform.check', { project: project.id }), {
      forceFormData: true,
      preserveState: true,
    });
  };
  const create = () =>
    form.post(route('forms.xlsform.store', { project: project.id }), {
      forceFormData: true,
      preserveState: true,
    });
  const archived = project.status === 'archived';
  return (
    <Stack gap="lg">
      <Head title={`Import XLSForm: ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Survey forms', href: route('forms.surveys', { project: project.id }) },
          { label: 'Import XLSForm' },
        ]}
        title="Import XLSForm"
        subtitle="Create a draft survey form from an XLSForm file (KoboToolbox, ODK): sheets survey, choices and settings."
      />
      {archived && (
        <Alert color="gray">This project is archived: no form can be created in it.</Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={check} noValidate>
          <Stack>
            <Text size="sm">
              Choose the file and check it: the report lists every row, what it becomes, what is
              converted and what is not supported, before anything is created.
            </Text>
            <FileInput
              label="XLSForm file"
              description={`An .xlsx file of at most ${limits.fileMegabytes} MB`}
              placeholder="Choose a file"
              accept={XLSX_TYPES}
              leftSection={<IconFileSpreadsheet size={18} />}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              required
              value={form.data.file}
              onChange={(file) => {
                form.setData('file', file);
                form.clearErrors('file');
              }}
              error={form.errors.file}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                variant={report ? 'default' : 'filled'}
                loading={form.processing}
                disabled={!form.data.file || archived}
              >
                Check the file
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {report && (
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Report report={report} />
            {report.questionsCount > 0 ? (
              <Group justify="flex-end">
                {!form.data.file && (
                  <Text size="sm" c="dimmed">
                    Choose the file again to create the form.
                  </Text>
                )}
                <Button
                  onClick={create}
                  loading={form.processing}
                  disabled={!form.data.file || archived}
                >
                  Create the draft form ({report.questionsCount} questions)
                </Button>
              </Group>
            ) : (
              <Alert color="red">
                No question of this file can be imported: fix the file and check it again.
              </Alert>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
