import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconAlertTriangle } from '@tabler/icons-react';

/** Shows a freshly made token once; closing it forgets the plain text. */
export function NewTokenModal({
  token,
  name,
  onClose,
}: {
  token: string | null;
  name: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!token}
      onClose={onClose}
      title="API token created"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          Copy your new API token{name ? ` “${name}”` : ''} now. For your security, it won’t be
          shown again.
        </Alert>
        <Code
          block
          data-testid="new-token"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {token}
        </Code>
        <Text size="sm" c="dimmed">
          Send it as <Code>Authorization: Bearer &lt;token&gt;</Code> with each API request.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={token ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
