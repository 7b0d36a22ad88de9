import { englishText, say, type PageText } from '@shared/forms/page-text/format';

/**
 * The public form's outbox: finished responses wait here (IndexedDB in the browser, storage.ts)
 * until the server has them. Each carries the id the device made before the first send, so a
 * retry can never make a second response (the server answers 200 "duplicate"). An item leaves
 * the outbox only after a 200/201; a 409 (same id, other answers, or the form closed) or a refusal
 * (422, 404 withdrawn link) stays, shown, and can be exported. Its own reasons come in the page's
 * language (`text`); the server's, in the language the response was answered in (`lang`, sent with
 * the answers and the uploads). The clock, the random jitter and fetch are injected (outbox.test.ts
 * drives them).
 */

/** What the server's `public-forms.submit` takes. */
export interface SubmitBody {
  id: string;
  version: number;
  answers: Record<string, unknown>;
  wave?: string;
  /** the language the form was answered in (the server's messages come in it) */
  lang?: string;
  /** from opening the form to sending it, on this device (the speeder rule reads it) */
  durationMs?: number;
}

type OutboxState = 'waiting' | 'conflict' | 'refused';

/** A file answer waiting with its response: the bytes, and the server's id once uploaded. */
export interface OutboxFile {
  blob: Blob;
  name: string;
  size: number;
  type: string;
  /** set after the upload (`public-forms.files.store`) answered 201; never uploaded twice */
  fileId?: string;
}

export interface OutboxItem {
  /** the device's response id (also the IndexedDB key) */
  id: string;
  /** the form's URL: where the response is sent */
  submitUrl: string;
  formName: string;
  body: SubmitBody;
  createdAt: number;
  attempts: number;
  /** not sent again before this time (ms since the epoch) */
  nextAttemptAt: number;
  state: OutboxState;
  /** the server's reason for a conflict or a refusal */
  message: string | null;
  /** file answers by question key, uploaded to `filesUrl` before the answers are sent */
  files?: Record<string, OutboxFile>;
  filesUrl?: string;
}

export interface OutboxStore {
  list(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The first retry after 2 s, doubling up to 5 minutes, each shortened by up to a quarter at random. */
export const BACKOFF = { firstMs: 2_000, maxMs: 5 * 60_000 } as const;

export function backoffDelay(attempts: number, random: number): number {
  const full = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (1 - 0.25 * random));
}

export type SendOutcome =
  | { kind: 'sent'; thankYou: string | null }
  | { kind: 'retry'; reason: string; offline?: true }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string; errors: Record<string, string> | null };

export interface OutboxDeps {
  store: OutboxStore;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  /** in [0, 1): spreads the retries of many devices after an outage */
  random?: () => number;
  /** the CSRF token to echo (the XSRF-TOKEN cookie, else the one in the page) */
  csrfToken: () => string | null;
  /** the page's own words in its current language (English when not given) */
  text?: () => PageText;
}

export interface FlushResult {
  /** the outcome for each item tried, by id */
  outcomes: Map<string, SendOutcome>;
  /** when the next waiting item is due, or null when none waits */
  nextAttemptAt: number | null;
}

async function bodyOf(res: Response): Promise<{
  detail?: string;
  errors?: Record<string, string>;
  thankYou?: string | null;
}> {
  try {
    const parsed: unknown = await res.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** What one answer from the server means for the item. */
async function outcomeOf(res: Response, t: PageText): Promise<SendOutcome> {
  const body = await bodyOf(res);
  if (res.status === 200 || res.status === 201)
    return { kind: 'sent', thankYou: body.thankYou ?? null };
  if (res.status === 409)
    return { kind: 'conflict', message: body.detail || say(t, 'outboxConflict') };
  // 419: the CSRF cookie had expired; the answer set a new one, which the next try echoes
  if ([408, 419, 425, 429].includes(res.status) || res.status >= 500)
    return { kind: 'retry', reason: say(t, 'retryServer', { status: res.status }) };
  const errors = body.errors && typeof body.errors === 'object' ? body.errors : null;
  const listed = errors ? Object.values(errors).join(' ') : '';
  return {
    kind: 'refused',
    message:
      [body.detail, listed].filter(Boolean).join(' ') ||
      say(t, 'outboxRefused', { status: res.status }),
    errors,
  };
}

export class Outbox {
  private running: Promise<FlushResult> | null = null;
  constructor(private readonly deps: OutboxDeps) {}

  /** A finished response, waiting from now on (the caller stored it already, or does so here). */
  item(
    body: SubmitBody,
    submitUrl: string,
    formName: string,
    uploads?: { files: Record<string, OutboxFile>; filesUrl: string },
  ): OutboxItem {
    const now = this.deps.now();
    return {
      ...(uploads && Object.keys(uploads.files).length ? uploads : {}),
      id: body.id,
      submitUrl,
      formName,
      body,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      state: 'waiting',
      message: null,
    };
  }

  list() {
    return this.deps.store.list();
  }

  remove(id: string) {
    return this.deps.store.remove(id);
  }

  private get text() {
    return this.deps.text?.() ?? englishText;
  }

  private headers(json: boolean) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (json) headers['Content-Type'] = 'application/json';
    const token = this.deps.csrfToken();
    if (token) headers['X-CSRF-TOKEN'] = token;
    return headers;
  }

  /**
   * Upload the item's files not uploaded yet (each id is kept on the item at once, so a retry
   * never uploads a file twice); null when all are up, else what stopped it.
   */
  private async upload(item: OutboxItem): Promise<SendOutcome | null> {
    for (const [key, f] of Object.entries(item.files ?? {})) {
      if (f.fileId) continue;
      const data = new FormData();
      data.append('file', f.blob, f.name);
      // the upload's refusals come in the language the response was answered in, as its answers'
      const lang = item.body.lang ? `&lang=${encodeURIComponent(item.body.lang)}` : '';
      const url = `${item.filesUrl}?question=${encodeURIComponent(key)}&version=${item.body.version}${lang}`;
      const res = await this.deps.fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: this.headers(false),
        body: data,
      });
      if (res.status !== 201) {
        const outcome = await outcomeOf(res, this.text);
        return outcome.kind === 'sent'
          ? { kind: 'retry', reason: say(this.text, 'retryUpload') }
          : outcome;
      }
      const stored = (await res.json()) as { fileId: string };
      f.fileId = stored.fileId;
      await this.deps.store.put(item);
    }
    return null;
  }

  /** The answers with each file's real id (after the uploads). */
  private static withFiles(item: OutboxItem): SubmitBody {
    const answers = { ...item.body.answers };
    for (const [key, f] of Object.entries(item.files ?? {}))
      answers[key] = { fileId: f.fileId, name: f.name, size: f.size, type: f.type };
    return { ...item.body, answers };
  }

  /** Send one item now (its files first) and record what happened. */
  async send(item: OutboxItem): Promise<SendOutcome> {
    let outcome: SendOutcome;
    try {
      const stopped = await this.upload(item);
      if (stopped) outcome = stopped;
      else {
        const res = await this.deps.fetch(item.submitUrl, {
          method: 'POST',
          credentials: 'same-origin',
          headers: this.headers(true),
          body: JSON.stringify(Outbox.withFiles(item)),
        });
        outcome = await outcomeOf(res, this.text);
      }
    } catch {
      outcome = { kind: 'retry', reason: say(this.text, 'retryOffline'), offline: true };
    }
    if (outcome.kind === 'sent') await this.deps.store.remove(item.id);
    else if (outcome.kind === 'retry') {
      const attempts = item.attempts + 1;
      await this.deps.store.put({
        ...item,
        attempts,
        nextAttemptAt:
          this.deps.now() + backoffDelay(attempts, (this.deps.random ?? Math.random)()),
      });
    } else
      await this.deps.store.put({
        ...item,
        state: outcome.kind,
        message: outcome.message,
      });
    return outcome;
  }

  /**
   * Send every waiting item that is due (all of them with `force`, as when the browser says it is
   * online again), oldest first. One flush at a time: a second call while one runs gets its result.
   */
  flush(opts: { force?: boolean } = {}): Promise<FlushResult> {
    this.running ??= this.run(opts.force ?? false).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(force: boolean): Promise<FlushResult> {
    const outcomes = new Map<string, SendOutcome>();
    const items = (await this.deps.store.list())
      .filter((i) => i.state === 'waiting')
      .sort((a, b) => a.createdAt - b.createdAt);
    for (const item of items) {
      if (!force && item.nextAttemptAt > this.deps.now()) continue;
      const outcome = await this.send(item);
      outcomes.set(item.id, outcome);
      // no connection: the others would fail the same way; they wait for the next try
      if (outcome.kind === 'retry' && outcome.offline) break;
    }
    const waiting = (await this.deps.store.list()).filter((i) => i.state === 'waiting');
    return {
      outcomes,
      nextAttemptAt: waiting.length ? Math.min(...waiting.map((i) => i.nextAttemptAt)) : null,
    };
  }
}

/** An outbox kept in memory: where IndexedDB is not available (the form still sends online). */
export function memoryStore(): OutboxStore {
  const items = new Map<string, OutboxItem>();
  return {
    list: async () => [...items.values()].map((i) => structuredClone(i)),
    put: async (item) => {
      items.set(item.id, structuredClone(item));
    },
    remove: async (id) => {
      items.delete(id);
    },
  };
}

/** The unsent responses as a JSON file's text (kept answers, never lost with the cache). */
export function exportText(items: OutboxItem[], exportedAt: Date): string {
  return JSON.stringify(
    {
      exportedAt: exportedAt.toISOString(),
      responses: items.map((i) => ({
        ...i.body,
        form: i.formName,
        submitUrl: i.submitUrl,
        state: i.state,
        message: i.message,
        finishedAt: new Date(i.createdAt).toISOString(),
      })),
    },
    null,
    2,
  );
}
