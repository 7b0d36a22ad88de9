import { useEffect, useRef, useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Button, Grid, Group, List, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { AskForm, ChatThread, useAsk } from '../../features/chanakya/chat';
import { relativeTime } from '../../lib/relative-time';

/** chanakya/index: ask the assistant about the team's theory of change, metrics and data */
export default function ChanakyaIndex({
  conversations,
  conversation,
  engine,
  examples,
}: PagePropsOf<'chanakya/index'>) {
  const [confirming, setConfirming] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const chat = useAsk({
    conversationId: conversation?.id ?? null,
    // the page shows the kept conversation, then lets go of the streamed one
    onAnswered: ({ conversation: next }) =>
      router.visit(next.url, { preserveScroll: true, onFinish: () => chat.setPending(null) }),
  });
  const { pending } = chat;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [pending?.answer, conversation?.messages.length]);

  const messages = conversation?.messages ?? [];
  return (
    <Stack gap="lg">
      <Head title={conversation ? `${conversation.title} · Chanakya` : 'Chanakya'} />
      <PageHeader
        crumbs={[{ label: 'Chanakya' }]}
        title="Chanakya"
        subtitle={
          engine === 'model'
            ? 'Ask about your theory of change, metrics and data. A language model picks the tools; every answer cites the records it used.'
            : 'Ask about your theory of change, metrics and data. Answers come from fixed tools over your team’s records (no AI model is configured), each citing the records it used.'
        }
        actions={
          <Button
            component={Link}
            href={route('chanakya.index')}
            variant="default"
            leftSection={<IconMessagePlus size={16} />}
          >
            New conversation
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs" radius="md" component="nav" aria-label="Conversations">
            <Text size="xs" fw={600} c="dimmed" px="xs" pb={4}>
              Your conversations
            </Text>
            {conversations.length === 0 ? (
              <Text size="sm" c="dimmed" px="xs">
                None yet: ask a question to start one.
              </Text>
            ) : (
              conversations.map((c) => (
                <NavLink
                  key={c.id}
                  component={Link}
                  href={route('chanakya.show', { conversation: c.id })}
                  label={c.title}
                  description={relativeTime(c.updatedAt)}
                  styles={{ description: { color: 'var(--mantine-color-text)' } }}
                  active={c.id === conversation?.id}
                />
              ))
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            {conversation && (
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {conversation.title}
                </Title>
                {confirming ? (
                  <Group gap="xs">
                    <Text size="sm">Delete this conversation?</Text>
                    <Button
                      size="xs"
                      color="red"
                      onClick={() =>
                        router.delete(route('chanakya.destroy', { conversation: conversation.id }))
                      }
                    >
                      Delete
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                  </Group>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setConfirming(true)}
                  >
                    Delete conversation
                  </Button>
                )}
              </Group>
            )}
            {!conversation && !pending && (
              <Paper withBorder p="md" radius="md">
                <Text size="sm" fw={600} mb="xs">
                  Questions I understand
                </Text>
                <List size="sm" spacing={4}>
                  {examples.map((q) => (
                    <List.Item key={q}>{q}</List.Item>
                  ))}
                </List>
              </Paper>
            )}
            <ChatThread messages={messages} pending={pending} error={chat.error} />
            <div ref={endRef} />
            <AskForm chat={chat} placeholder={examples[0]} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
