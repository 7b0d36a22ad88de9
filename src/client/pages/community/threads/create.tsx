import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../../features/projects/page-header';
import { ThreadForm } from '../../../features/community/thread-form';

/** community/threads/create */
export default function CreateThread(props: PagePropsOf<'community/threads/create'>) {
  return (
    <Stack maw={860} gap="lg">
      <Head title="New thread" />
      <PageHeader
        crumbs={[
          { label: 'Community', href: route('community.feed') },
          {
            label: props.community.name,
            href: route('community.show', { community: props.community.id }),
          },
          { label: 'New thread' },
        ]}
        title="New thread"
        subtitle="Ask a question or share what worked. Type @ to mention a member of the community."
      />
      <ThreadForm {...props} />
    </Stack>
  );
}
