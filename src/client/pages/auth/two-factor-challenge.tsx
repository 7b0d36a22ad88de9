import { useState } from 'react';
import { Head, useForm } from '@inertiajs/react';
import {
  Anchor,
  Button,
  Group,
  Input,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { twoFactorChallengeSchema } from '@shared/profile/two-factor.schemas';
import { passesCheck } from '../../lib/form-check';

/** The second step of signing in: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallenge() {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ code: '', recoveryCode: '' });

  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    const pick = (data: typeof form.data) =>
      recovery ? { recoveryCode: data.recoveryCode } : { code: data.code };
    if (!passesCheck(form, twoFactorChallengeSchema, pick(form.data))) return;
    form.transform(pick);
    form.post(route('two-factor.login.store'), {
      onError: () => form.reset('code', 'recoveryCode'),
    });
  };

  const toggle = () => {
    setRecovery((r) => !r);
    form.reset();
    form.clearErrors();
  };

  return (
    <Stack gap="md">
      <Head title="Two-factor authentication" />
      <Title order={1} size="h3">
        Two-factor authentication
      </Title>
      <Text size="sm" c="dimmed">
        {recovery
          ? 'Confirm it is you by entering one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Confirm it is you by entering the 6-digit code shown in your authenticator app.'}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {recovery ? (
            <TextInput
              label="Recovery code"
              name="recoveryCode"
              autoComplete="one-time-code"
              autoFocus
              placeholder="xxxxx-xxxxx"
              value={form.data.recoveryCode}
              onChange={(e) => form.setData('recoveryCode', e.currentTarget.value)}
              error={form.errors.recoveryCode}
            />
          ) : (
            <Input.Wrapper
              label="Code"
              labelProps={{ htmlFor: 'two-factor-code-1' }}
              error={form.errors.code}
              errorProps={{ 'data-testid': 'code-error' }}
            >
              <PinInput
                id="two-factor-code"
                mt={4}
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                ariaLabel="Code from your authenticator app"
                value={form.data.code}
                onChange={(v) => form.setData('code', v)}
                error={!!form.errors.code}
              />
            </Input.Wrapper>
          )}
          <Group justify="space-between" align="center">
            <Anchor component="button" type="button" size="sm" onClick={toggle}>
              {recovery ? 'Use an authentication code' : 'Use a recovery code'}
            </Anchor>
            <Button
              type="submit"
              loading={form.processing}
              disabled={recovery ? !form.data.recoveryCode.trim() : form.data.code.length !== 6}
            >
              Log in
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
