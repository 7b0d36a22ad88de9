import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { route } from '@shared/route';
import {
  CONNECTOR_KINDS,
  CONNECTOR_LABELS,
  type ConnectorKind,
} from '@shared/connectors/connectors.constants';
import { createConnectorSchema } from '@shared/connectors/connectors.schemas';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

interface Values {
  name: string;
  kind: ConnectorKind;
  url: string;
  odkProjectId: string;
  email: string;
  secret: string;
  [key: string]: string;
}

const PLACEHOLDER: Record<ConnectorKind, string> = {
  kobo: 'https://kf.kobotoolbox.org',
  odk: 'https://central.example.org',
};

/** A new connector's fields; the token or password is write-only */
export function ConnectorForm({ allowPrivate }: { allowPrivate: boolean }) {
  const form = useForm<Values>({
    name: '',
    kind: 'kobo',
    url: '',
    odkProjectId: '',
    email: '',
    secret: '',
  });
  const odk = form.data.kind === 'odk';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, createConnectorSchema)) return;
    form.transform((d) =>
      d.kind === 'odk' ? d : { name: d.name, kind: d.kind, url: d.url, secret: d.secret },
    );
    form.post(route('integrations.store'), { preserveScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            placeholder="e.g. Kobo – field office"
            data-autofocus
            {...fieldProps(form, 'name', createConnectorSchema)}
          />
          <ChoiceSelect<ConnectorKind>
            label="Service"
            data={CONNECTOR_KINDS.map((k) => ({ value: k, label: CONNECTOR_LABELS[k] }))}
            value={form.data.kind}
            onChange={(v) => v && form.setData('kind', v)}
            error={form.errors.kind}
            required
          />
        </SimpleGrid>
        <TextInput
          label="Server address"
          placeholder={PLACEHOLDER[form.data.kind]}
          description={
            odk
              ? 'The address of your ODK Central server.'
              : 'kf.kobotoolbox.org, eu.kobotoolbox.org or your own server.'
          }
          {...fieldProps(form, 'url', createConnectorSchema)}
        />
        {odk && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Project number"
              inputMode="numeric"
              description="The number in the project’s address, /#/projects/7"
              {...fieldProps(form, 'odkProjectId', createConnectorSchema)}
            />
            <TextInput
              label="Account email"
              autoComplete="off"
              {...fieldProps(form, 'email', createConnectorSchema)}
            />
          </SimpleGrid>
        )}
        <PasswordInput
          label={odk ? 'Account password' : 'API token'}
          autoComplete="new-password"
          description={
            odk
              ? 'Use an account that may only read this project. Stored encrypted; never shown again.'
              : 'From Account settings → Security → API key. Stored encrypted; never shown again.'
          }
          {...fieldProps(form, 'secret', createConnectorSchema)}
        />
        <Alert variant="light" color="gray" title="Read only">
          <Text size="sm">
            Pathways only reads forms and submissions.{' '}
            {allowPrivate
              ? 'Private network addresses are allowed on this server.'
              : 'Addresses of this server, its private network and cloud metadata services are refused.'}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} href={route('integrations.index')} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            Save and test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
