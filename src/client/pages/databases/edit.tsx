import { Head } from '@inertiajs/react';
import { Card, Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectionForm } from '../../features/databases/connection-form';

/** databases/edit: change a connection (the password stays unless a new one is typed) */
export default function DatabasesEdit({ connection, allowPrivate }: PagePropsOf<'databases/edit'>) {
  const show = route('databases.show', { database: connection.id });
  return (
    <Stack maw={860} gap="lg">
      <Head title={`Edit ${connection.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Databases', href: route('databases.index') },
          { label: connection.name, href: show },
          { label: 'Edit' },
        ]}
        title="Edit database"
        subtitle={connection.name}
      />
      <Card withBorder padding="lg" radius="md">
        <ConnectionForm
          initial={connection}
          method="put"
          action={route('databases.update', { database: connection.id })}
          submitLabel="Save and test"
          cancelHref={show}
          allowPrivate={allowPrivate}
        />
      </Card>
    </Stack>
  );
}
