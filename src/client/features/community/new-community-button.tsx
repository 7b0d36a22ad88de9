import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { CommunityForm } from './community-form';

/** "New community" and its form in a dialog; the creator becomes the owner. */
export function NewCommunityButton({ variant = 'filled' }: { variant?: 'filled' | 'default' }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={open}>
        New community
      </Button>
      <Modal opened={opened} onClose={close} title="New community" size="lg">
        <CommunityForm onCancel={close} />
      </Modal>
    </>
  );
}
