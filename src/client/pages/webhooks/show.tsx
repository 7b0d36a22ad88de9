import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import {
  Accordion,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { WebhookDeliveryView } from '@shared/webhooks/webhooks.pages';
import { PageHeader } from '../../features/projects/page-header';
import { EndpointForm } from '../../features/webhooks/endpoint-form';
import { DeliveryStatusBadge } from '../../features/webhooks/delivery-status';
import { SecretOnce } from '../../features/webhooks/secret-once';
import { useReloadWhile } from '../../hooks/use-reload-while';
import { formatDateTime } from '@shared/format/date';

const when = (iso: string) => formatDateTime(iso);

function DeliveryItem({ d }: { d: WebhookDeliveryView }) {
  const redeliver = () =>
    router.post(route('webhooks.redeliver', { delivery: d.id }), {}, { preserveScroll: true });
  return (
    <Accordion.Item value={d.id} data-testid="delivery">
      <Accordion.Control>
        <Group gap="sm" wrap="wrap">
          <DeliveryStatusBadge status={d.status} />
          <Text size="sm" ff="monospace">
            {d.event}
          </Text>
          <Text size="sm">HTTP {d.httpStatus ?? '–'}</Text>
          <Text size="sm" c="dimmed">
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {when(d.updatedAt)}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Delivery {d.id} · queued {when(d.createdAt)}
            {d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ''}
          </Text>
          <Text size="sm" fw={600}>
            Payload
          </Text>
          <Code block>{d.payload}</Code>
          <Text size="sm" fw={600}>
            Response
          </Text>
          <Code block>{d.response || '(empty)'}</Code>
          {(d.status === 'failed' || d.status === 'given_up') && (
            <Group justify="flex-end">
              <Button size="xs" variant="light" onClick={redeliver}>
                Redeliver
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** webhooks/show: one endpoint, its actions and its delivery log */
export default function WebhooksShow({ endpoint, deliveries }: PagePropsOf<'webhooks/show'>) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const id = { webhook: endpoint.id };
  const sending = deliveries.some((d) => d.status === 'pending');
  // a delivery being sent: the log is reloaded until the receiver's answer is in
  useReloadWhile(sending, 1500, ['deliveries', 'endpoint']);
  const sendTest = () => router.post(route('webhooks.test', id), {}, { preserveScroll: true });
  const act = () => {
    if (confirm === 'rotate')
      router.post(route('webhooks.rotate', id), {}, { onFinish: () => setConfirm(null) });
    else if (confirm === 'delete')
      router.delete(route('webhooks.destroy', id), { onFinish: () => setConfirm(null) });
  };
  return (
    <Stack gap="lg">
      <Head title="Webhook" />
      <PageHeader
        crumbs={[
          { label: 'Integrations', href: route('integrations.index') },
          { label: 'Webhooks', href: route('webhooks.index') },
          { label: endpoint.url },
        ]}
        title="Webhook"
        subtitle={endpoint.url}
        actions={
          <Group gap="sm">
            <Button leftSection={<IconSend size={16} />} onClick={sendTest}>
              Send test
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => setConfirm('rotate')}
            >
              Rotate secret
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirm('delete')}
            >
              Delete
            </Button>
          </Group>
        }
      />
      <SecretOnce />
      <Card withBorder padding="lg" radius="md">
        <Group gap="xs">
          {endpoint.active ? (
            <Badge variant="light">Active</Badge>
          ) : (
            <Badge variant="light" color="gray">
              Off
            </Badge>
          )}
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" tt="none">
              {e}
            </Badge>
          ))}
        </Group>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Deliveries
          </Title>
          {deliveries.length ? (
            <Accordion variant="separated" chevronPosition="left" transitionDuration={0}>
              {deliveries.map((d) => (
                <DeliveryItem key={d.id} d={d} />
              ))}
            </Accordion>
          ) : (
            <Text size="sm" c="dimmed">
              Nothing sent yet. Click “Send test” to send a <Code>ping</Code> event now; the events
              you chose are sent as they happen. A failed delivery is retried after 1 min, 5 min, 30
              min, 2 h and 6 h.
            </Text>
          )}
        </Stack>
      </Card>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit webhook"
        size="lg"
        centered
      >
        <EndpointForm endpoint={endpoint} onDone={() => setEditing(false)} />
      </Modal>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'delete' ? 'Delete webhook' : 'Rotate signing secret'}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirm === 'delete'
              ? `Delete the webhook to ${endpoint.url} and its delivery log? Deliveries not yet sent are dropped.`
              : 'Make a new signing secret? The current one stops signing at once: update your receiver with the new one.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button color={confirm === 'delete' ? 'red' : 'blue'} onClick={act}>
              {confirm === 'delete' ? 'Delete' : 'Rotate secret'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
