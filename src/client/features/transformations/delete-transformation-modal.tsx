import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';

/** Delete a recipe and its run history; the output dataset stays a dataset like any other */
export function DeleteTransformationModal({
  opened,
  onClose,
  transformation,
  output,
}: {
  opened: boolean;
  onClose: () => void;
  transformation: { id: string; name: string };
  output: { name: string } | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${transformation.name}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          Its steps and the list of its runs are deleted.
          {output
            ? ` The dataset its runs wrote, “${output.name}”, stays: delete it from Sources if you no longer need it.`
            : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              router.delete(
                route('transformations.destroy', { transformation: transformation.id }),
                { onFinish: () => setBusy(false) },
              );
            }}
          >
            Delete transformation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
