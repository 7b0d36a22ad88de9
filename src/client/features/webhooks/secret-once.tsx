import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useShared } from '../../hooks/use-shared';

/**
 * The signing secret, shown once: it arrives in the flash of the answer to "Add" or "Rotate"
 * and is dropped from the page kept in history when the user closes this.
 */
export function SecretOnce() {
  const { flash } = useShared();
  const flashed = typeof flash.data?.webhookSecret === 'string' ? flash.data.webhookSecret : null;
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    if (flashed) setSecret(flashed);
  }, [flashed]);
  if (!secret) return null;
  const close = () => {
    setSecret(null);
    router.replace({
      props: (p) => ({ ...p, flash: { ...(p.flash as object), data: null } }),
      preserveScroll: true,
      preserveState: true,
    });
  };
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Signing secret">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it will not be shown again. Your receiver checks each request’s{' '}
          <Code>Pathways-Signature</Code> header (<Code>t=…,v1=…</Code>: the HMAC-SHA256 of{' '}
          <Code>t.body</Code> with this secret).
        </Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={close}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
