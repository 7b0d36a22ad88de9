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
import {
  DATABASE_ENGINES,
  DEFAULT_PORTS,
  ENGINE_LABELS,
  TLS_LABELS,
  TLS_MODES,
  type DatabaseEngine,
  type TlsMode,
} from '@shared/databases/databases.constants';
import type { ConnectionView } from '@shared/databases/databases.pages';
import {
  createConnectionSchema,
  updateConnectionSchema,
} from '@shared/databases/databases.schemas';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

interface Values {
  name: string;
  engine: DatabaseEngine;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  tlsMode: TlsMode;
  [key: string]: string;
}

interface Props {
  initial?: ConnectionView | null;
  method: 'post' | 'put';
  action: string;
  submitLabel: string;
  cancelHref: string;
  allowPrivate: boolean;
}

/** A connection's fields; the password is write-only (an edit leaves it empty to keep the stored one) */
export function ConnectionForm({
  initial,
  method,
  action,
  submitLabel,
  cancelHref,
  allowPrivate,
}: Props) {
  const editing = Boolean(initial);
  const schema = editing ? updateConnectionSchema : createConnectionSchema;
  const form = useForm<Values>({
    name: initial?.name ?? '',
    engine: initial?.engine ?? 'postgres',
    host: initial?.host ?? '',
    port: String(initial?.port ?? DEFAULT_PORTS.postgres),
    database: initial?.database ?? '',
    username: initial?.username ?? '',
    password: '',
    tlsMode: initial?.tlsMode ?? 'require',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, schema)) return;
    form.transform((d) => ({ ...d, port: Number(d.port) }));
    form.submit(method, action, { preserveScroll: true });
  };
  const pickEngine = (engine: DatabaseEngine | '') => {
    if (!engine) return;
    const wasDefault = Object.values(DEFAULT_PORTS).map(String).includes(form.data.port);
    form.setData((d) => ({
      ...d,
      engine,
      port: wasDefault ? String(DEFAULT_PORTS[engine]) : d.port,
    }));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Programme MIS (read replica)"
          data-autofocus
          {...fieldProps(form, 'name', schema)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceSelect<DatabaseEngine>
            label="Database type"
            data={DATABASE_ENGINES.map((e) => ({ value: e, label: ENGINE_LABELS[e] }))}
            value={form.data.engine}
            onChange={pickEngine}
            error={form.errors.engine}
            required
          />
          <ChoiceSelect<TlsMode>
            label="Encryption (TLS)"
            data={TLS_MODES.map((m) => ({ value: m, label: TLS_LABELS[m] }))}
            value={form.data.tlsMode}
            onChange={(v) => v && form.setData('tlsMode', v)}
            error={form.errors.tlsMode}
            required
          />
          <TextInput
            label="Host"
            placeholder="db.example.org or 203.0.113.7"
            {...fieldProps(form, 'host', schema)}
          />
          <TextInput label="Port" inputMode="numeric" {...fieldProps(form, 'port', schema)} />
          <TextInput label="Database" {...fieldProps(form, 'database', schema)} />
          <TextInput label="User" autoComplete="off" {...fieldProps(form, 'username', schema)} />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description={
            editing
              ? initial?.hasPassword
                ? 'Leave empty to keep the stored password. It is never shown again.'
                : 'No password is stored (it was revoked): type one to connect again.'
              : 'Stored encrypted; it is never shown again, not even to you.'
          }
          {...fieldProps(form, 'password', schema)}
        />
        <Alert variant="light" color="gray" title="Read only">
          <Text size="sm">
            Pathways only reads: every query runs in a read-only transaction with short time limits.
            Give it a user that may only SELECT.{' '}
            {allowPrivate
              ? 'Private network addresses are allowed on this server.'
              : 'Addresses of this server, its private network and cloud metadata services are refused.'}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} href={cancelHref} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
