import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { RichNode } from '@shared/community/rich-text';
import type { MentionCandidate } from '@shared/community/community';
import { storePostSchema, updatePostSchema } from '@shared/community/community.schemas';
import { passesCheck } from '../../lib/form-check';
import { RichTextField } from './lazy-editor';

interface Props {
  threadId: string;
  /** where images are uploaded */
  communityId: string;
  members: MentionCandidate[];
  /** a reply to this response */
  parentId?: string | null;
  /** editing this post (its JSON) */
  editing?: { id: string; body: RichNode | null };
  label: string;
  submitLabel: string;
  onDone?: () => void;
  testId?: string;
}

/** A response, a reply, or the edit of one: the rich text field and its button. */
export function PostComposer({
  threadId,
  communityId,
  members,
  parentId,
  editing,
  label,
  submitLabel,
  onDone,
  testId,
}: Props) {
  const form = useForm<{ body: RichNode | null; parentId: string | null }>({
    body: editing?.body ?? null,
    parentId: parentId ?? null,
  });
  const [resetKey, setResetKey] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const options = {
      preserveScroll: true,
      onSuccess: () => {
        form.setData('body', null);
        setResetKey((k) => k + 1);
        onDone?.();
      },
    };
    if (editing) {
      if (!passesCheck(form, updatePostSchema, { body: form.data.body })) return;
      form.transform((d) => ({ body: d.body }));
      form.put(route('community.posts.update', { post: editing.id }), options);
    } else {
      const data = parentId ? form.data : { body: form.data.body };
      if (!passesCheck(form, storePostSchema, data)) return;
      form.transform(() => data);
      form.post(route('community.posts.store', { thread: threadId }), options);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <RichTextField
          label={label}
          value={form.data.body}
          onChange={(doc) => form.setData('body', doc as RichNode)}
          members={members}
          error={form.errors.body ?? form.errors.parentId}
          testId={testId}
          resetKey={resetKey}
          communityId={communityId}
        />
        <Group justify="flex-end" gap="xs">
          {onDone && (
            <Button variant="default" size="sm" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={form.processing}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
