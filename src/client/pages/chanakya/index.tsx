import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Button,
  Grid,
  Group,
  List,
  NavLink,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMessagePlus, IconSend, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { Citation } from '@shared/assistant/assistant';
import { askSchema } from '@shared/assistant/assistant.schemas';
import { passesCheck, stateForm } from '../../lib/form-check';
import { PageHeader } from '../../features/projects/page-header';
import { ChatMessage } from '../../features/chanakya/message';
import { readEvents } from '../../features/chanakya/stream';
import { http } from '../../lib/http';
import { relativeTime } from '../../lib/relative-time';

interface Pending {
  question: string;
  answer: string;
  citations: Citation[];
}

/** chanakya/index: ask the assistant about the team's theory of change, metrics and data */
export default function ChanakyaIndex({
  conversations,
  conversation,
  engine,
  examples,
}: PagePropsOf<'chanakya/index'>) {
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const busy = pending !== null;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [pending?.answer, conversation?.messages.length]);

  async function ask(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = { question, conversationId: conversation?.id ?? null };
    if (!passesCheck(stateForm(body, setFieldErrors), askSchema)) return;
    const q = question.trim();
    setError(null);
    setPending({ question: q, answer: '', citations: [] });
    let next: string | null = null;
    try {
      const res = await http(route('chanakya.ask'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/x-ndjson, application/json',
        },
        body: JSON.stringify({ question: q, conversationId: conversation?.id ?? null }),
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as {
          detail?: string;
          errors?: Record<string, string>;
        } | null;
        setError(
          body?.errors?.question ?? body?.detail ?? `The question was not sent (${res.status}).`,
        );
        setPending(null);
        return;
      }
      await readEvents(res.body, (ev) => {
        if (ev.type === 'text') setPending((p) => (p ? { ...p, answer: p.answer + ev.text } : p));
        else if (ev.type === 'citations')
          setPending((p) => (p ? { ...p, citations: ev.citations } : p));
        else if (ev.type === 'conversation') next = ev.url;
        else if (ev.type === 'error') setError(ev.message);
      });
    } catch {
      setError('The connection was lost before the answer finished. Try again.');
    }
    if (next) {
      setQuestion('');
      router.visit(next, {
        preserveScroll: true,
        onFinish: () => setPending(null),
      });
    } else setPending(null);
  }

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
            {messages.map((m) => (
              <ChatMessage key={m.id} role={m.role} content={m.content} citations={m.citations} />
            ))}
            {pending && (
              <>
                <ChatMessage role="user" content={pending.question} citations={[]} />
                <div aria-live="polite">
                  <ChatMessage
                    role="assistant"
                    content={pending.answer}
                    citations={pending.citations}
                    pending
                  />
                </div>
              </>
            )}
            {error && (
              <Alert color="red" title="No answer">
                {error}
              </Alert>
            )}
            <div ref={endRef} />
            <form noValidate onSubmit={ask}>
              <Stack gap="xs">
                <Textarea
                  label="Your question"
                  placeholder={examples[0]}
                  value={question}
                  onChange={(e) => setQuestion(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      e.currentTarget.form?.requestSubmit();
                    }
                  }}
                  autosize
                  minRows={2}
                  error={fieldErrors.question}
                  disabled={busy}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
                    Ask
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
