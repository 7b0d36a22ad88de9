import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconBookUpload } from '@tabler/icons-react';
import { SaveToLibraryModal } from './save-to-library-modal';

/**
 * "Save to library" for a problem page's header: one line to drop in,
 * `<SaveToLibraryButton problem={{ id, title }} />` (show it to members who may create content).
 */
export function SaveToLibraryButton({
  problem,
  ...props
}: { problem: { id: string; title: string } } & ButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBookUpload size={16} />}
        onClick={() => setOpened(true)}
        {...props}
      >
        Save to library
      </Button>
      <SaveToLibraryModal opened={opened} onClose={() => setOpened(false)} problem={problem} />
    </>
  );
}
