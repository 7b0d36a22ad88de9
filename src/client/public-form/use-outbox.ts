import { useCallback, useEffect, useRef, useState } from 'react';
import { readXsrfToken } from '../lib/http';
import { Outbox, type OutboxItem, type SendOutcome } from './outbox';
import { openFormStore, type FormStore } from './storage';
import { say, type PageText } from '@shared/forms/page-text/format';

/** The CSRF token the server wrote in the page (the cookie's value when the page was made). */
const pageToken = () =>
  document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? null;

/**
 * The device's store and outbox for the page: opens IndexedDB, sends what waits (now, when the
 * browser says it is online again, and at each item's backoff time), and lists the unsent items.
 * `onSent` hears each response the outbox delivers; `text` is the page's words in its current
 * language (the outbox's own reasons are said in it).
 */
export function useOutbox(onSent: (id: string, outcome: SendOutcome) => void, text: PageText) {
  const [store, setStore] = useState<FormStore | null>(null);
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [unsent, setUnsent] = useState<OutboxItem[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sentRef = useRef(onSent);
  sentRef.current = onSent;
  const textRef = useRef(text);
  textRef.current = text;

  const refresh = useCallback(async (box: Outbox) => {
    setUnsent((await box.list()).sort((a, b) => a.createdAt - b.createdAt));
  }, []);

  const flush = useCallback(
    async (box: Outbox, force: boolean) => {
      const result = await box.flush({ force });
      for (const [id, outcome] of result.outcomes) sentRef.current(id, outcome);
      await refresh(box);
      clearTimeout(timer.current);
      if (result.nextAttemptAt !== null)
        timer.current = setTimeout(
          () => void flush(box, false),
          Math.max(0, result.nextAttemptAt - Date.now()),
        );
    },
    [refresh],
  );

  useEffect(() => {
    let box: Outbox | null = null;
    const online = () => box && void flush(box, true);
    void openFormStore().then((s) => {
      box = new Outbox({
        store: s,
        fetch: (url, init) => fetch(url, init),
        now: () => Date.now(),
        // the cookie is the token's source of truth (a 419 answer renews it); the page's copy is the fallback
        csrfToken: () => readXsrfToken(document.cookie) ?? pageToken(),
        text: () => textRef.current,
      });
      setStore(s);
      setOutbox(box);
      void flush(box, true);
    });
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return {
    store,
    outbox,
    unsent,
    refresh: () => (outbox ? refresh(outbox) : Promise.resolve()),
    /** send what waits now (the "Send now" button) */
    sendNow: () => (outbox ? flush(outbox, true) : Promise.resolve()),
    /** send a response that has just joined the outbox; what waits after it is scheduled */
    async sendFirst(item: OutboxItem): Promise<SendOutcome> {
      if (!outbox) return { kind: 'retry', reason: say(textRef.current, 'retryNoStore') };
      const outcome = await outbox.send(item);
      await flush(outbox, false);
      return outcome;
    },
  };
}
