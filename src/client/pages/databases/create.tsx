import { Head } from '@inertiajs/react';
import { Card, Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectionForm } from '../../features/databases/connection-form';

/** databases/create: add an external PostgreSQL or MySQL/MariaDB database */
export default function DatabasesCreate({ allowPrivate }: PagePropsOf<'databases/create'>) {
  return (
    <Stack maw={860} gap="lg">
      <Head title="Add a database" />
      <PageHeader
        crumbs={[{ label: 'Databases', href: route('databases.index') }, { label: 'Add' }]}
        title="Add a database"
        subtitle="Connect a PostgreSQL or MySQL / MariaDB database to import its tables as datasets."
      />
      <Card withBorder padding="lg" radius="md">
        <ConnectionForm
          method="post"
          action={route('databases.store')}
          submitLabel="Save and test"
          cancelHref={route('databases.index')}
          allowPrivate={allowPrivate}
        />
      </Card>
    </Stack>
  );
}
