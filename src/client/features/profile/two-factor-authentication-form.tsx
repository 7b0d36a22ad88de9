import { useState } from 'react';
import { Link, router, useForm } from '@inertiajs/react';
import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Input,
  Paper,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCopy,
  IconShieldCheck,
  IconShieldOff,
} from '@tabler/icons-react';
import { route } from '@shared/route';
import { confirmTwoFactorSchema } from '@shared/profile/two-factor.schemas';
import { passesCheck } from '../../lib/form-check';
import type { ProfileShowProps } from '@shared/profile/profile.types';
import { ProfileSection } from './profile-section';
import { ConfirmPasswordModal } from './confirm-password-modal';

type TwoFactor = ProfileShowProps['twoFactor'];
type Action = 'enable' | 'disable' | 'regenerate';

/**
 * Jetstream's two-factor panel: enable (QR code + setup key), confirm with a code, show and
 * regenerate recovery codes, disable. Every action is behind a recent password confirmation:
 * without one the server sends the user to the confirm-password page first.
 */
export function TwoFactorAuthenticationForm({ twoFactor }: { twoFactor: TwoFactor }) {
  const [busy, setBusy] = useState<null | Action>(null);
  const confirm = useForm({ code: '' });

  // an action waiting for the password confirmation; it runs as soon as the password is confirmed
  const [awaiting, setAwaiting] = useState<null | Action>(null);
  const [confirmedHere, setConfirmedHere] = useState(false);

  const act = (kind: Action) => {
    if (!twoFactor.passwordConfirmed && !confirmedHere) return setAwaiting(kind);
    run(kind);
  };
  const run = (kind: Action) => {
    setBusy(kind);
    const opts = { preserveScroll: true, onFinish: () => setBusy(null) };
    if (kind === 'enable') router.post(route('two-factor.enable'), {}, opts);
    if (kind === 'regenerate') router.post(route('two-factor.regenerate-recovery-codes'), {}, opts);
    if (kind === 'disable') router.delete(route('two-factor.disable'), opts);
  };

  const submitCode = (e?: React.FormEvent) => {
    e?.preventDefault();
    if (!passesCheck(confirm, confirmTwoFactorSchema)) return;
    confirm.post(route('two-factor.confirm'), {
      preserveScroll: true,
      onError: () => confirm.reset('code'),
    });
  };

  const status = twoFactor.enabled
    ? {
        text: 'Two-factor authentication is on.',
        color: 'green',
        icon: <IconShieldCheck size={20} />,
      }
    : twoFactor.pending
      ? {
          text: 'Finish setting up two-factor authentication.',
          color: 'yellow',
          icon: <IconAlertTriangle size={20} />,
        }
      : {
          text: 'Two-factor authentication is off.',
          color: 'gray',
          icon: <IconShieldOff size={20} />,
        };

  const confirmNote = !twoFactor.passwordConfirmed && (
    <Text size="xs" c="dimmed">
      You will be asked to confirm your password first.
    </Text>
  );

  return (
    <ProfileSection
      id="two-factor"
      title="Two-factor authentication"
      description="Add a second step to signing in: a code from an authenticator app on your phone, asked for after your password."
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={status.color} radius="xl">
            {status.icon}
          </ThemeIcon>
          <Text fw={600} data-testid="two-factor-status">
            {status.text}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          With two-factor authentication on, signing in also asks for a random 6-digit code from an
          authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis). Someone who learns your password still cannot get in.
        </Text>

        {twoFactor.pending && twoFactor.qrCode && (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Stack gap="sm">
              <Title order={4} size="h5">
                1. Scan this QR code with your authenticator app
              </Title>
              <Group align="flex-start" gap="lg" wrap="wrap">
                <Box
                  bg="white"
                  p={8}
                  style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Image
                    src={twoFactor.qrCode}
                    alt="QR code to add this account to an authenticator app"
                    w={184}
                    h={184}
                    data-testid="two-factor-qr"
                  />
                </Box>
                <Stack gap={6} maw={320}>
                  <Text size="sm">
                    Cannot scan it? Type this setup key into the app instead (time-based, 6 digits):
                  </Text>
                  <Code
                    block
                    fz="sm"
                    data-testid="two-factor-setup-key"
                    style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}
                  >
                    {twoFactor.setupKey}
                  </Code>
                  <Group gap="xs">
                    <CopyButton value={(twoFactor.setupKey ?? '').replace(/\s+/g, '')}>
                      {({ copied, copy }) => (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={copy}
                          leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                        >
                          {copied ? 'Copied' : 'Copy setup key'}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Stack>
              </Group>
              <Title order={4} size="h5" mt="xs">
                2. Enter the 6-digit code the app shows
              </Title>
              <form onSubmit={submitCode} noValidate>
                <Stack gap={6}>
                  <Input.Wrapper
                    error={confirm.errors.code}
                    errorProps={{ 'data-testid': 'code-error' }}
                  >
                    <PinInput
                      length={6}
                      type="number"
                      oneTimeCode
                      ariaLabel="Code from your authenticator app"
                      value={confirm.data.code}
                      onChange={(v) => confirm.setData('code', v)}
                      error={!!confirm.errors.code}
                    />
                  </Input.Wrapper>
                  <Group mt="xs">
                    <Button
                      type="submit"
                      loading={confirm.processing}
                      disabled={confirm.data.code.length !== 6}
                    >
                      Confirm and turn on
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => act('disable')}
                      loading={busy === 'disable'}
                    >
                      Cancel
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Stack>
          </Paper>
        )}

        {twoFactor.pending && !twoFactor.qrCode && (
          <Alert color="yellow" variant="light" title="Set-up not finished">
            <Text size="sm">
              You started setting up an authenticator app but did not enter a code from it. Continue
              to see a new QR code (the old one stops working).
            </Text>
          </Alert>
        )}

        {twoFactor.enabled && twoFactor.recoveryCodes && (
          <Paper withBorder p="md" radius="md" bg="gray.0" data-testid="recovery-codes">
            <Stack gap="sm">
              <Title order={4} size="h5">
                Recovery codes
              </Title>
              <Text size="sm">
                Store these codes in a password manager or print them. If you lose your phone, each
                code signs you in <b>once</b> instead of a code from the app.
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
                {twoFactor.recoveryCodes.map((c) => (
                  <Code key={c} fz="sm" ta="center" py={4}>
                    {c}
                  </Code>
                ))}
              </SimpleGrid>
              {twoFactor.recoveryCodes.length < 10 && (
                <Text size="xs" c="dimmed">
                  {10 - twoFactor.recoveryCodes.length} of your 10 codes have been used.
                </Text>
              )}
              <Group>
                <CopyButton value={twoFactor.recoveryCodes.join('\n')}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    >
                      {copied ? 'Copied' : 'Copy codes'}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => act('regenerate')}
                  loading={busy === 'regenerate'}
                >
                  Regenerate recovery codes
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  component={Link}
                  href={route('profile.show')}
                  preserveScroll
                >
                  Hide codes
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}

        <Group>
          {!twoFactor.enabled && !twoFactor.pending && (
            <Button
              onClick={() => act('enable')}
              loading={busy === 'enable'}
              data-testid="two-factor-enable"
            >
              Enable
            </Button>
          )}
          {twoFactor.pending && !twoFactor.qrCode && (
            <>
              <Button onClick={() => act('enable')} loading={busy === 'enable'}>
                Continue set-up
              </Button>
              <Button variant="default" onClick={() => act('disable')} loading={busy === 'disable'}>
                Cancel set-up
              </Button>
            </>
          )}
          {twoFactor.enabled && !twoFactor.recoveryCodes && (
            <Button
              variant="default"
              component={Link}
              href={route('two-factor.recovery-codes')}
              preserveScroll
            >
              Show recovery codes
            </Button>
          )}
          {twoFactor.enabled && (
            <Button
              color="red"
              variant="light"
              onClick={() => act('disable')}
              loading={busy === 'disable'}
            >
              Disable
            </Button>
          )}
        </Group>
        {confirmNote}
      </Stack>
      <ConfirmPasswordModal
        opened={awaiting !== null}
        onClose={() => setAwaiting(null)}
        onConfirmed={() => {
          const kind = awaiting;
          setAwaiting(null);
          setConfirmedHere(true);
          if (kind) run(kind);
        }}
      />
    </ProfileSection>
  );
}
