import { useEffect, useRef, useState } from 'react';
import { Link } from '@inertiajs/react';
import { Alert, Anchor, Button, Drawer, List, Loader, Stack, Text } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { AssistantMessageView, ChanakyaPanelData } from '@shared/assistant/assistant';
import { http } from '../../lib/http';
import { AskForm, ChatThread, useAsk } from './chat';

/**
 * Chanakya beside a problem page: a drawer whose questions are about this problem (its theory of
 * change and metrics, its project's forms). The conversation is kept: the panel reopens the user's
 * latest one about this problem.
 */
export function ProblemChanakyaPanel({ problem }: { problem: { id: string; title: string } }) {
  const [opened, setOpened] = useState(false);
  const [data, setData] = useState<ChanakyaPanelData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [messages, setMessages] = useState<AssistantMessageView[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const chat = useAsk({
    conversationId,
    problemId: problem.id,
    onAnswered: ({ conversation, exchange }) => {
      const at = new Date().toISOString();
      setConversationId(conversation.id);
      setMessages((m) => [
        ...m,
        {
          id: `${at}-q`,
          role: 'user',
          content: exchange.question,
          citations: [],
          engine: null,
          createdAt: at,
        },
        {
          id: `${at}-a`,
          role: 'assistant',
          content: exchange.answer,
          citations: exchange.citations,
          engine: data?.engine ?? null,
          createdAt: at,
        },
      ]);
      chat.setPending(null);
      inputRef.current?.focus();
    },
  });

  // the kept conversation, fetched when the panel first opens
  useEffect(() => {
    if (!opened || data) return;
    let live = true;
    http(route('chanakya.problem', { problem: problem.id }), {
      headers: { Accept: 'application/json' },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const d = (await res.json()) as ChanakyaPanelData;
        if (!live) return;
        setData(d);
        setMessages(d.conversation?.messages ?? []);
        setConversationId(d.conversation?.id ?? null);
      })
      .catch(() => live && setLoadError('The conversation could not be loaded. Try again.'));
    return () => {
      live = false;
    };
  }, [opened, data, problem.id]);

  // once the conversation is there, the question box takes the focus
  useEffect(() => {
    if (opened && data) inputRef.current?.focus();
  }, [opened, data]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.pending?.answer, messages.length]);

  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconMessageChatbot size={16} />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        Ask Chanakya
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="lg"
        title={`Ask Chanakya about “${problem.title}”`}
        // focus stays inside; closing returns it to the button
        trapFocus
        returnFocus
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Questions here are about this problem only: its theory of change, its metrics and the
            forms of its project. Each answer links to the records it used.
          </Text>
          {loadError && (
            <Alert color="red" role="alert">
              {loadError}
            </Alert>
          )}
          {!data && !loadError && <Loader size="sm" aria-label="Loading the conversation" />}
          {data && !messages.length && !chat.pending && (
            <div>
              <Text size="sm" fw={600} mb={4}>
                Questions I understand
              </Text>
              <List size="sm" spacing={4}>
                {data.examples.map((q) => (
                  <List.Item key={q}>{q}</List.Item>
                ))}
              </List>
            </div>
          )}
          <ChatThread messages={messages} pending={chat.pending} error={chat.error} />
          <div ref={endRef} />
          {data && <AskForm chat={chat} placeholder={data.examples[0]} inputRef={inputRef} />}
          {conversationId && (
            <Text size="xs" c="dimmed">
              This conversation is kept with your others on the{' '}
              <Anchor
                component={Link}
                href={route('chanakya.show', { conversation: conversationId })}
                size="xs"
              >
                Chanakya page
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
