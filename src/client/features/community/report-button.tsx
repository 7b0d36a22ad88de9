import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { route } from '@shared/route';
import { reportSchema } from '@shared/community/community.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** Report a thread or post to the community's moderators, with a reason. */
export function ReportButton({
  targetType,
  targetId,
}: {
  targetType: 'thread' | 'post';
  targetId: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm({ targetType, targetId, reason: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, reportSchema)) return;
    form.post(route('community.reports.store'), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset();
        close();
      },
    });
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="gray" onClick={open}>
        Report
      </Button>
      <Modal opened={opened} onClose={close} title={`Report this ${targetType}`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              label="What is wrong?"
              description="Only the community's moderators see reports."
              autosize
              minRows={2}
              data-autofocus
              {...fieldProps(form, 'reason', reportSchema)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={form.processing}>
                Send report
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
