import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { WebhookEndpointView } from '@shared/webhooks/webhooks.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { EndpointForm } from '../../features/webhooks/endpoint-form';
import { DeliveryStatusBadge } from '../../features/webhooks/delivery-status';

const columns: Array<DataTableColumn<WebhookEndpointView>> = [
  {
    key: 'url',
    title: 'Receiver',
    render: (e) => (
      <Anchor
        component={Link}
        href={route('webhooks.show', { webhook: e.id })}
        fw={600}
        size="sm"
        style={{ wordBreak: 'break-all' }}
      >
        {e.url}
      </Anchor>
    ),
  },
  { key: 'events', title: 'Events', render: (e) => <Text size="sm">{e.events.join(', ')}</Text> },
  {
    key: 'active',
    title: 'State',
    render: (e) =>
      e.active ? (
        <Badge variant="light">Active</Badge>
      ) : (
        <Badge variant="light" color="gray">
          Off
        </Badge>
      ),
  },
  {
    key: 'last',
    title: 'Last delivery',
    render: (e) =>
      e.lastStatus ? (
        <DeliveryStatusBadge status={e.lastStatus} />
      ) : (
        <Text size="sm" c="dimmed">
          None yet
        </Text>
      ),
  },
];

/** webhooks/index: the team's outgoing webhook endpoints (owners and administrators) */
export default function WebhooksIndex({ endpoints, allowPrivate }: PagePropsOf<'webhooks/index'>) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <Head title="Webhooks" />
      <PageHeader
        crumbs={[
          { label: 'Integrations', href: route('integrations.index') },
          { label: 'Webhooks' },
        ]}
        title="Webhooks"
        subtitle="Pathways POSTs signed JSON to your addresses when a response arrives, an import finishes or a metric value changes."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add webhook
          </Button>
        }
      />
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id="webhooks"
          caption="Webhook endpoints"
          rows={endpoints}
          rowKey={(e) => e.id}
          columns={columns}
          minWidth={560}
          emptyAction={
            <Group gap="xs">
              <IconWebhook size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                Click “Add webhook”, give the address of your receiver and choose its events; then
                “Send test” on its page shows whether it answers.
              </Text>
            </Group>
          }
        />
      </Card>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title="Add webhook"
        size="lg"
        centered
      >
        <EndpointForm allowPrivate={allowPrivate} onDone={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}
