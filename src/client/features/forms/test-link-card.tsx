import { Link, router } from '@inertiajs/react';
import { Anchor, Button, Card, Code, Group, Text } from '@mantine/core';
import { CopyLinkButton } from '../../components/copy-link-button';
import { route } from '@shared/route';
import { PhonePreviewButton } from './phone-preview';

/**
 * "Test this draft": the draft's own test link (made on demand). It opens the current draft on the
 * public form page; its responses are kept apart as tests (the responses page's "Test responses").
 */
export function TestLinkCard({
  formId,
  testUrl,
  canEdit,
  questions,
}: {
  formId: string;
  testUrl: string | null;
  canEdit: boolean;
  /** the draft's questions: the phone preview loads again when they change */
  questions: unknown;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" fw={600}>
        Test this draft
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        The test link shows the current draft, before it is published. Its responses are marked as
        tests: they stay out of the responses list, exports, metrics and webhooks, and are cleared
        when you publish.
      </Text>
      {testUrl ? (
        <Group gap="xs" wrap="wrap">
          <Code style={{ wordBreak: 'break-all' }}>{testUrl}</Code>
          <CopyLinkButton path={testUrl} of="test of the draft" />
          <Anchor href={testUrl} target="_blank" size="sm">
            Open the draft
          </Anchor>
          <PhonePreviewButton url={testUrl} questions={questions} />
          <Anchor
            component={Link}
            href={`${route('responses.index', { form: formId })}?test=1`}
            size="sm"
          >
            Test responses
          </Anchor>
        </Group>
      ) : canEdit ? (
        <Button
          variant="light"
          size="sm"
          onClick={() =>
            router.post(
              route('forms.test-link.store', { form: formId }),
              {},
              { preserveScroll: true },
            )
          }
        >
          Make a test link
        </Button>
      ) : (
        <Text size="sm">No test link yet: an editor can make one.</Text>
      )}
    </Card>
  );
}
