import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import type { RichNode } from '@shared/community/rich-text';
import type { PagePropsOf } from '@shared/pages';
import { threadSchema } from '@shared/community/community.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import { RichTextField } from './lazy-editor';

/** The thread's title and opening post (create and edit). */
export function ThreadForm({
  community,
  thread,
  members,
  cards,
  sharing,
}: PagePropsOf<'community/threads/create'>) {
  const form = useForm<{ title: string; body: RichNode | null }>({
    title: thread?.title ?? '',
    // sharing a library item: the post opens with its card, then room to say why
    body:
      thread?.body ??
      (sharing
        ? {
            type: 'doc',
            content: [{ type: 'libraryCard', attrs: { item: sharing } }, { type: 'paragraph' }],
          }
        : null),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, threadSchema)) return;
    if (thread) form.put(route('community.threads.update', { thread: thread.id }));
    else form.post(route('community.threads.store', { community: community.id }));
  };
  const cancel = thread
    ? route('community.threads.show', { thread: thread.id })
    : route('community.show', { community: community.id });
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            placeholder="e.g. How do you measure handwashing at baseline?"
            data-autofocus
            {...fieldProps(form, 'title', threadSchema)}
          />
          <RichTextField
            label="Post"
            value={form.data.body}
            onChange={(doc) => form.setData('body', doc as RichNode)}
            members={members}
            error={form.errors.body}
            testId="thread-editor"
            communityId={community.id}
            cards={cards}
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} href={cancel} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {thread ? 'Save thread' : 'Post thread'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
