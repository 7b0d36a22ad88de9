import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { route } from '@shared/route';
import { deletionImpactText, type DeletionImpact } from '@shared/projects/projects.schemas';
import { useShared } from '../../hooks/use-shared';

interface Props {
  opened: boolean;
  onClose: () => void;
  project: { id: string; name: string };
  impact: DeletionImpact;
}

/** Delete a project: says what goes with it and asks for the project's exact name. */
export function DeleteProjectModal({ opened, onClose, project, impact }: Props) {
  const { errors } = useShared();
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = confirm.trim() === project.name;
  const submit = () => {
    setBusy(true);
    router.delete(route('projects.destroy', { project: project.id }), {
      data: { confirm },
      preserveScroll: true,
      onFinish: () => setBusy(false),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${project.name}?`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (matches) submit();
        }}
      >
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="This cannot be undone"
          >
            {deletionImpactText(impact)} Comments and links between them go too.
          </Alert>
          <Text size="sm">
            If you only want to stop working on it, archive the project instead: it stays readable
            and can be restored.
          </Text>
          <TextInput
            label={
              <>
                Type <strong>{project.name}</strong> to confirm
              </>
            }
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={busy}>
              Delete project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
