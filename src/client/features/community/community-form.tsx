import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import type { JoinPolicy } from '@shared/community/community';
import { storeCommunitySchema } from '@shared/community/community.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** A new community: its name, what it is about, and who may join. */
export function CommunityForm({ onCancel }: { onCancel: () => void }) {
  const form = useForm<{ name: string; description: string; joinPolicy: JoinPolicy }>({
    name: '',
    description: '',
    joinPolicy: 'open',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, storeCommunitySchema)) return;
    form.post(route('community.store'));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. WASH practitioners"
          data-autofocus
          {...fieldProps(form, 'name', storeCommunitySchema)}
        />
        <Textarea
          label="What is it about?"
          autosize
          minRows={2}
          {...fieldProps(form, 'description', storeCommunitySchema)}
        />
        <Radio.Group
          label="Who may join"
          value={form.data.joinPolicy}
          onChange={(v) => form.setData('joinPolicy', v as JoinPolicy)}
          error={form.errors.joinPolicy}
        >
          <Stack gap={6} mt={6}>
            <Radio value="open" label="Anyone: people join at once" />
            <Radio value="request" label="On request: a moderator approves each person" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            Create community
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
