import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@shared/webhooks/webhooks.constants';
import { webhookEndpointSchema } from '@shared/webhooks/webhooks.schemas';
import type { WebhookEndpointView } from '@shared/webhooks/webhooks.pages';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

type Values = {
  url: string;
  events: WebhookEvent[];
  active: boolean;
};

/** Add an endpoint, or edit one (its address, events and on/off switch; never its secret) */
export function EndpointForm({
  endpoint,
  allowPrivate = false,
  onDone,
}: {
  endpoint?: WebhookEndpointView;
  allowPrivate?: boolean;
  onDone?: () => void;
}) {
  const form = useForm<Values>({
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? [...WEBHOOK_EVENTS],
    active: endpoint?.active ?? true,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, webhookEndpointSchema)) return;
    const opts = { preserveScroll: true, onSuccess: () => onDone?.() };
    if (endpoint) form.put(route('webhooks.update', { webhook: endpoint.id }), opts);
    else form.post(route('webhooks.store'), opts);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Receiver address"
          placeholder="https://example.org/hooks/pathways"
          description={
            allowPrivate
              ? 'An https:// address. Private network addresses are allowed on this server.'
              : 'A public https:// address. Private, loopback and cloud metadata addresses are refused.'
          }
          data-autofocus
          {...fieldProps(form, 'url', webhookEndpointSchema)}
        />
        <Checkbox.Group
          label="Events to send"
          value={form.data.events}
          onChange={(v) => form.setData('events', v as WebhookEvent[])}
          error={form.errors.events}
          required
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((ev) => (
              <Checkbox
                key={ev}
                value={ev}
                label={
                  <Text size="sm" span>
                    <Text span ff="monospace" size="sm">
                      {ev}
                    </Text>{' '}
                    · {WEBHOOK_EVENT_LABELS[ev]}
                  </Text>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label="Active (switched off, no events are sent; “Send test” still works)"
          checked={form.data.active}
          onChange={(e) => form.setData('active', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.processing}>
            {endpoint ? 'Save webhook' : 'Add webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
