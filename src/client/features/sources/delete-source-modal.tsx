import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { route } from '@shared/route';
import { pluralWord } from '@shared/format/plural';
import { count } from './labels';

/** Delete a source: its dataset, every version and their rows */
export function DeleteSourceModal({
  opened,
  onClose,
  dataset,
  rows,
  versions,
}: {
  opened: boolean;
  onClose: () => void;
  dataset: { id: string; name: string };
  rows: number;
  versions: number;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${dataset.name}?`} centered>
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="This cannot be undone"
        >
          The source, its {count(versions)} {pluralWord(versions, 'version')} and {count(rows)}{' '}
          {pluralWord(rows, 'row')} of data are deleted.
        </Alert>
        <Text size="sm">Metrics bound to its columns will show the binding as broken.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              router.delete(route('datasets.destroy', { dataset: dataset.id }), {
                onFinish: () => setBusy(false),
              });
            }}
          >
            Delete source
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
