import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../../features/projects/page-header';
import { ThreadForm } from '../../../features/community/thread-form';

/** community/threads/edit */
export default function EditThread(props: PagePropsOf<'community/threads/edit'>) {
  const thread = props.thread!;
  return (
    <Stack maw={860} gap="lg">
      <Head title="Edit thread" />
      <PageHeader
        crumbs={[
          { label: 'Community', href: route('community.feed') },
          {
            label: props.community.name,
            href: route('community.show', { community: props.community.id }),
          },
          { label: thread.title, href: route('community.threads.show', { thread: thread.id }) },
          { label: 'Edit' },
        ]}
        title="Edit thread"
      />
      <ThreadForm {...props} />
    </Stack>
  );
}
