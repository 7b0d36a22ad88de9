import { Head } from '@inertiajs/react';
import { Card, Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectorForm } from '../../features/connectors/connector-form';

/** integrations/create: connect a KoboToolbox or ODK Central account */
export default function IntegrationsCreate({ allowPrivate }: PagePropsOf<'integrations/create'>) {
  return (
    <Stack maw={860} gap="lg">
      <Head title="Create connector" />
      <PageHeader
        crumbs={[{ label: 'Integrations', href: route('integrations.index') }, { label: 'Create' }]}
        title="Create connector"
        subtitle="Connect a KoboToolbox or ODK Central account to import its forms’ submissions as datasets."
      />
      <Card withBorder padding="lg" radius="md">
        <ConnectorForm allowPrivate={allowPrivate} />
      </Card>
    </Stack>
  );
}
