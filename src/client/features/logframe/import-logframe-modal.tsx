import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconInfoCircle, IconTableImport } from '@tabler/icons-react';
import { route } from '@shared/route';
import { useCan } from '../../hooks/use-shared';

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server lists the workbook's problems one per line ("Logframe, row 7, Contributes to: ..."). */
function FileErrors({ message }: { message: string }) {
  const [first, ...rest] = message.split('\n');
  if (!rest.length) return <>{first}</>;
  return (
    <Stack gap={4} mt={4}>
      <Text size="sm" c="red" fw={600}>
        {first}
      </Text>
      <List size="xs" spacing={2} c="red" style={{ maxHeight: 220, overflowY: 'auto' }}>
        {rest.map((line, i) => (
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

interface ModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** "Import logframe (XLSX)": upload a workbook, get a new problem in the project. */
function ImportLogframeModal({ projectId, opened, onClose }: ModalProps) {
  const form = useForm<{ file: File | null }>({ file: null });
  const close = () => {
    form.reset();
    form.clearErrors();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.post(route('logframe.import', { project: projectId }), {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => close(),
    });
  };
  return (
    <Modal opened={opened} onClose={close} title="Import logframe (XLSX)" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Creates a new problem in this project from a logframe workbook exported from a problem
            (sheets “Logframe”, “Targets &amp; actuals”, “Survey questions” and “About”). Results,
            links, metrics, baselines, targets, data points and survey questions are imported.
          </Text>
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="sm">
              Actual values are not imported: enter or collect them in the new problem.
            </Text>
          </Alert>
          <FileInput
            label="Workbook"
            description="An .xlsx file of at most 5 MB"
            placeholder="Choose a file"
            accept={XLSX_TYPES}
            leftSection={<IconFileSpreadsheet size={18} />}
            clearable
            required
            value={form.data.file}
            onChange={(file) => {
              form.setData('file', file);
              form.clearErrors('file');
            }}
            error={form.errors.file ? <FileErrors message={form.errors.file} /> : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconTableImport size={18} />}
              loading={form.processing}
              disabled={!form.data.file}
            >
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A button that opens the import modal (for the project page's header actions); hidden from viewers. */
export function ImportLogframeButton({
  projectId,
  disabled,
}: {
  projectId: string;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const can = useCan();
  if (!can('content.create')) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconTableImport size={18} />}
        onClick={() => setOpened(true)}
        disabled={disabled}
      >
        Import logframe (XLSX)
      </Button>
      <ImportLogframeModal projectId={projectId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
