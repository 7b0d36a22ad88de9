import { useState, type FormEvent, type Ref } from 'react';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { AssistantMessageView, Citation } from '@shared/assistant/assistant';
import { askSchema } from '@shared/assistant/assistant.schemas';
import { passesCheck, stateForm } from '../../lib/form-check';
import { http } from '../../lib/http';
import { ChatMessage } from './message';
import { readEvents } from './stream';

/** The exchange being answered: the question and the answer as it streams in. */
export interface PendingExchange {
  question: string;
  answer: string;
  citations: Citation[];
}

/**
 * Asking Chanakya (the chat page and a problem's side panel): posts the question, streams the
 * answer into `pending`, and hands the finished exchange and its conversation to `onAnswered`.
 */
export function useAsk({
  conversationId,
  problemId,
  onAnswered,
}: {
  conversationId: string | null;
  problemId?: string | null;
  onAnswered: (done: {
    conversation: { id: string; url: string };
    exchange: PendingExchange;
  }) => void;
}) {
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const busy = pending !== null;

  async function ask(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = { question, conversationId, ...(problemId ? { problemId } : {}) };
    if (!passesCheck(stateForm(body, setFieldErrors), askSchema)) return;
    const q = question.trim();
    setError(null);
    let exchange: PendingExchange = { question: q, answer: '', citations: [] };
    setPending(exchange);
    const update = (next: Partial<PendingExchange>) => {
      exchange = { ...exchange, ...next };
      setPending(exchange);
    };
    let next: { id: string; url: string } | null = null;
    try {
      const res = await http(route('chanakya.ask'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/x-ndjson, application/json',
        },
        body: JSON.stringify({ ...body, question: q }),
      });
      if (!res.ok || !res.body) {
        const failed = (await res.json().catch(() => null)) as {
          detail?: string;
          errors?: Record<string, string>;
        } | null;
        setError(
          failed?.errors?.question ??
            failed?.detail ??
            `The question was not sent (${res.status}).`,
        );
        setPending(null);
        return;
      }
      await readEvents(res.body, (ev) => {
        if (ev.type === 'text') update({ answer: exchange.answer + ev.text });
        else if (ev.type === 'citations') update({ citations: ev.citations });
        else if (ev.type === 'conversation') next = { id: ev.id, url: ev.url };
        else if (ev.type === 'error') setError(ev.message);
      });
    } catch {
      setError('The connection was lost before the answer finished. Try again.');
    }
    if (next) {
      setQuestion('');
      onAnswered({ conversation: next, exchange });
    } else setPending(null);
  }

  return { question, setQuestion, pending, setPending, error, fieldErrors, busy, ask };
}

/** The messages of a conversation, then the exchange being answered (read out as it streams). */
export function ChatThread({
  messages,
  pending,
  error,
}: {
  messages: AssistantMessageView[];
  pending: PendingExchange | null;
  error: string | null;
}) {
  return (
    <>
      {messages.map((m) => (
        <ChatMessage key={m.id} role={m.role} content={m.content} citations={m.citations} />
      ))}
      {pending && <ChatMessage role="user" content={pending.question} citations={[]} />}
      <div aria-live="polite" aria-atomic="false">
        {pending && (
          <ChatMessage
            role="assistant"
            content={pending.answer}
            citations={pending.citations}
            pending
          />
        )}
      </div>
      {error && (
        <Alert color="red" title="No answer" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** The question box: Enter asks, Shift+Enter starts a new line. */
export function AskForm({
  chat,
  placeholder,
  inputRef,
}: {
  chat: ReturnType<typeof useAsk>;
  placeholder?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <form noValidate onSubmit={chat.ask}>
      <Stack gap="xs">
        <Textarea
          ref={inputRef}
          label="Your question"
          placeholder={placeholder}
          value={chat.question}
          onChange={(e) => chat.setQuestion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          autosize
          minRows={2}
          error={chat.fieldErrors.question}
          disabled={chat.busy}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={chat.busy} leftSection={<IconSend size={16} />}>
            Ask
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
