import { useRef, useState } from 'react';
import { Head, router, useForm } from '@inertiajs/react';
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileSpreadsheet, IconLink, IconUpload, IconX } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { sourceUrlSchema } from '@shared/datasets/datasets.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import { useShared } from '../../hooks/use-shared';
import { PageHeader } from '../../features/projects/page-header';
import { fileSize } from '../../features/sources/labels';

const ACCEPT = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
];

/** sources/create: upload a CSV, TSV or XLSX file (drag and drop, or a file button) */
export default function CreateSource({
  project,
  dataset,
  maxBytes,
}: PagePropsOf<'sources/create'>) {
  const { errors } = useShared();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);
  const send = (file: File) => {
    setRefused(null);
    setBusy(true);
    router.post(
      route('sources.upload', { project: project.id, ...(dataset ? { dataset: dataset.id } : {}) }),
      { file },
      { forceFormData: true, onFinish: () => setBusy(false) },
    );
  };
  const error = refused ?? errors.file ?? null;
  const urlForm = useForm({ url: '' });
  const fetchUrl = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passesCheck(urlForm, sourceUrlSchema)) return;
    urlForm.post(
      route('sources.fetch', { project: project.id, ...(dataset ? { dataset: dataset.id } : {}) }),
    );
  };
  return (
    <Stack gap="lg" maw={860}>
      <Head title={dataset ? `Refresh ${dataset.name}` : 'Add source'} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Sources', href: route('sources.index', { project: project.id }) },
          ...(dataset
            ? [{ label: dataset.name, href: route('sources.show', { source: dataset.id }) }]
            : []),
          { label: dataset ? 'Refresh' : 'Add source' },
        ]}
        title={dataset ? `Refresh “${dataset.name}”` : 'Add source'}
        subtitle={
          dataset
            ? 'Upload the new file: it becomes a new version once its import finishes; until then the current one stays.'
            : 'Upload a spreadsheet. You check its columns and types before anything is imported.'
        }
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Dropzone
            onDrop={(files) => files[0] && send(files[0])}
            onReject={(r) =>
              setRefused(
                r[0]?.errors[0]?.code === 'file-too-large'
                  ? `The file is larger than ${fileSize(maxBytes)}.`
                  : 'Choose a CSV, TSV or Excel (.xlsx) file.',
              )
            }
            maxSize={maxBytes}
            maxFiles={1}
            multiple={false}
            accept={ACCEPT}
            loading={busy}
            openRef={openRef}
            activateOnClick={false}
            aria-label="Drop a file here"
          >
            <Group justify="center" gap="lg" mih={160} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={44} stroke={1.5} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={44} stroke={1.5} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={44} stroke={1.5} />
              </Dropzone.Idle>
              <Stack gap={4} align="center">
                <Text size="lg" ta="center">
                  Drag a file here
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  CSV, TSV or Excel (.xlsx), up to {fileSize(maxBytes)}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          <Group justify="center">
            <Button
              onClick={() => openRef.current?.()}
              leftSection={<IconUpload size={16} />}
              loading={busy}
            >
              Choose a file
            </Button>
          </Group>
          {error && (
            <Alert color="red" variant="light" title="The file was not accepted" role="alert">
              {error}
            </Alert>
          )}
          <List size="sm" spacing={4}>
            <List.Item>
              Encodings: UTF-8 (with or without BOM), UTF-16 with a BOM, Windows-1252.
            </List.Item>
            <List.Item>Separators: comma, semicolon, tab or pipe, found by themselves.</List.Item>
            <List.Item>
              Excel: you pick the sheet; formulas are read as their values; no macros or passwords.
            </List.Item>
          </List>
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <form noValidate onSubmit={fetchUrl}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Or fetch it from an address
            </Title>
            <Text size="sm" c="dimmed">
              A published Google Sheet&apos;s CSV link, or any https:// address of a CSV, TSV or
              Excel file. You can fetch it again later, or every hour or day.
            </Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Address"
                placeholder="https://docs.google.com/spreadsheets/d/e/…/pub?output=csv"
                style={{ flex: '1 1 260px' }}
                type="url"
                {...fieldProps(urlForm, 'url', sourceUrlSchema)}
              />
              <Button
                type="submit"
                mt={{ base: 0, xs: 25 }}
                leftSection={<IconLink size={16} />}
                loading={urlForm.processing}
              >
                Fetch
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
