import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { confirmPasswordSchema } from '@shared/accounts/accounts.schemas';
import { http } from '../../lib/http';
import { passesCheck, stateForm } from '../../lib/form-check';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** runs once the password is confirmed: the action the user asked for goes on by itself */
  onConfirmed: () => void;
}

/**
 * Jetstream's "confirms password" step in place: the password is checked without leaving the page,
 * then the action that needed it continues (before, the user was sent to the confirm page and back
 * and had to click the action a second time).
 */
export function ConfirmPasswordModal({ opened, onClose, onConfirmed }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = stateForm({ password }, (errors) => setError(errors.password));
    if (!passesCheck(checked, confirmPasswordSchema)) return;
    setBusy(true);
    try {
      // a correct password answers with a redirect (not followed), a wrong one with 422 on the field
      const res = await http(route('password.confirm.store'), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      if (res.type === 'opaqueredirect' || res.ok) {
        setPassword('');
        setError(undefined);
        onConfirmed();
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        errors?: Record<string, string>;
        detail?: string;
      } | null;
      setError(
        body?.errors?.password ?? body?.detail ?? 'The password could not be confirmed. Try again.',
      );
    } catch {
      setError('The password could not be confirmed. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Confirm your password" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            For your security, please confirm your password to continue; we will not ask again for 3
            hours.
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(e) => (setPassword(e.currentTarget.value), setError(undefined))}
            error={error}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
