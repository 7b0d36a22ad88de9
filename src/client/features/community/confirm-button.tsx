import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Text } from '@mantine/core';

/** A button that asks once more before it acts (deleting). */
export function ConfirmButton({
  label,
  question,
  confirm,
  onConfirm,
}: {
  label: ReactNode;
  question: string;
  confirm: string;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} withArrow trapFocus position="bottom-end">
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setOpen((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb="xs">
          {question}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setOpen(false)}>
            Keep
          </Button>
          <Button
            size="compact-sm"
            color="red"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirm}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
