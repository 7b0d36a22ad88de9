import { describe, expect, it } from 'vitest';
import {
  BACKOFF,
  Outbox,
  backoffDelay,
  exportText,
  memoryStore,
  type OutboxItem,
  type SubmitBody,
} from './outbox';
import { fr } from '@shared/forms/page-text/fr';
import { ar } from '@shared/forms/page-text/ar';
import type { PageText } from '@shared/forms/page-text/format';

/** A server stand-in: answers each request with the next scripted status (or a network failure). */
function server(script: Array<number | 'offline'>) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const next = script.shift() ?? 201;
    if (next === 'offline') throw new TypeError('Failed to fetch');
    const body =
      next === 409
        ? { detail: 'This response id was already used with different answers.' }
        : next === 422
          ? { detail: 'Check the answers.', errors: { age: 'Enter 1 or more.' } }
          : next < 300
            ? { status: next === 200 ? 'duplicate' : 'created', thankYou: 'Merci' }
            : {};
    return new Response(JSON.stringify(body), { status: next });
  };
  return { fetch, requests };
}

function setup(script: Array<number | 'offline'>) {
  let now = 1_000_000;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const store = memoryStore();
  const srv = server(script);
  const outbox = new Outbox({
    store,
    fetch: srv.fetch,
    now: clock.now,
    random: () => 0,
    csrfToken: () => 'token-1',
  });
  const add = async (id: string, answers: Record<string, unknown> = { age: 3 }) => {
    const body: SubmitBody = { id, version: 1, answers };
    const item = outbox.item(body, '/f/tok', 'Survey');
    await store.put(item);
    clock.advance(1);
    return item;
  };
  return { clock, store, outbox, srv, add };
}

const byId = async (store: { list(): Promise<OutboxItem[]> }, id: string) =>
  (await store.list()).find((i) => i.id === id);

describe('the public form outbox', () => {
  it('sends a waiting response with its device id and the CSRF header, and removes it on 201', async () => {
    const { outbox, store, srv, add } = setup([201]);
    await add('id-1');
    const result = await outbox.flush();
    expect(result.outcomes.get('id-1')).toEqual({ kind: 'sent', thankYou: 'Merci' });
    expect(await store.list()).toEqual([]);
    expect(result.nextAttemptAt).toBeNull();
    const { url, init } = srv.requests[0];
    expect(url).toBe('/f/tok');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('token-1');
    expect(JSON.parse(init.body as string)).toEqual({
      id: 'id-1',
      version: 1,
      answers: { age: 3 },
    });
  });

  it('keeps a response when the network fails, waits its backoff, then sends it with the same id', async () => {
    const { outbox, store, srv, clock, add } = setup(['offline', 'offline', 200]);
    await add('id-1');
    const first = await outbox.flush();
    expect(first.outcomes.get('id-1')).toEqual({
      kind: 'retry',
      reason: 'No connection: the response will be sent when the network returns.',
      offline: true,
    });
    const kept = (await byId(store, 'id-1'))!;
    expect(kept.attempts).toBe(1);
    expect(first.nextAttemptAt).toBe(clock.now() + BACKOFF.firstMs);
    // not due yet: nothing is sent
    clock.advance(BACKOFF.firstMs - 1);
    expect((await outbox.flush()).outcomes.size).toBe(0);
    expect(srv.requests).toHaveLength(1);
    clock.advance(1);
    const second = await outbox.flush();
    expect(second.outcomes.get('id-1')?.kind).toBe('retry');
    expect((await byId(store, 'id-1'))!.attempts).toBe(2);
    expect(second.nextAttemptAt).toBe(clock.now() + 2 * BACKOFF.firstMs);
    // the browser says it is online again: sent at once, whatever the backoff; the 200 duplicate is success
    const third = await outbox.flush({ force: true });
    expect(third.outcomes.get('id-1')).toEqual({ kind: 'sent', thankYou: 'Merci' });
    expect(await store.list()).toEqual([]);
    expect(srv.requests.map((r) => JSON.parse(r.init.body as string).id)).toEqual([
      'id-1',
      'id-1',
      'id-1',
    ]);
  });

  it('doubles the delay up to five minutes, shortened by at most a quarter at random', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 0))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffDelay(20, 0)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(1, 1)).toBe(1_500);
    expect(backoffDelay(0, 0)).toBe(2_000);
  });

  it('retries on 5xx, 429 and 419 (an expired CSRF cookie, renewed by that answer)', async () => {
    const { outbox, store, clock, add } = setup([503, 429, 419, 201]);
    await add('id-1');
    for (let i = 1; i <= 3; i++) {
      const r = await outbox.flush();
      expect(r.outcomes.get('id-1')?.kind).toBe('retry');
      expect((await byId(store, 'id-1'))!.attempts).toBe(i);
      clock.advance(r.nextAttemptAt! - clock.now());
    }
    expect((await outbox.flush()).outcomes.get('id-1')?.kind).toBe('sent');
    expect(await store.list()).toEqual([]);
  });

  it('keeps a 409 (same id, other answers) with the server’s message and never resends it', async () => {
    const { outbox, store, srv, add } = setup([409]);
    await add('id-1');
    const r = await outbox.flush();
    expect(r.outcomes.get('id-1')).toEqual({
      kind: 'conflict',
      message: 'This response id was already used with different answers.',
    });
    const kept = (await byId(store, 'id-1'))!;
    expect(kept.state).toBe('conflict');
    expect(kept.message).toBe('This response id was already used with different answers.');
    expect(r.nextAttemptAt).toBeNull();
    await outbox.flush({ force: true });
    expect(srv.requests).toHaveLength(1);
    // still there to export
    expect(JSON.parse(exportText(await store.list(), new Date(0))).responses[0]).toMatchObject({
      id: 'id-1',
      state: 'conflict',
      answers: { age: 3 },
      form: 'Survey',
    });
  });

  it('keeps a refused response (422) with the field messages', async () => {
    const { outbox, store, add } = setup([422]);
    await add('id-1');
    const r = await outbox.flush();
    expect(r.outcomes.get('id-1')).toEqual({
      kind: 'refused',
      message: 'Check the answers. Enter 1 or more.',
      errors: { age: 'Enter 1 or more.' },
    });
    expect((await byId(store, 'id-1'))!.state).toBe('refused');
  });

  it('sends oldest first and stops at the first network failure (the rest wait)', async () => {
    const { outbox, store, srv, add } = setup([201, 'offline']);
    await add('old');
    await add('mid');
    await add('new');
    const r = await outbox.flush();
    expect([...r.outcomes.keys()]).toEqual(['old', 'mid']);
    expect(srv.requests).toHaveLength(2);
    expect((await store.list()).map((i) => i.id).sort()).toEqual(['mid', 'new']);
  });

  it('runs one flush at a time: a second call joins the running one', async () => {
    const { outbox, srv, add } = setup([201]);
    await add('id-1');
    const [a, b] = await Promise.all([outbox.flush(), outbox.flush({ force: true })]);
    expect(a).toBe(b);
    expect(srv.requests).toHaveLength(1);
  });
});

describe('file answers', () => {
  it('uploads each file first, keeps its id across a retry, and sends the answers with it', async () => {
    const calls: string[] = [];
    let submitTries = 0;
    const fetch = async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url.startsWith('/f/tok/files')) {
        expect(init.body).toBeInstanceOf(FormData);
        return new Response(JSON.stringify({ fileId: '11111111-2222-4333-8444-555555555555' }), {
          status: 201,
        });
      }
      submitTries++;
      if (submitTries === 1) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body)) as SubmitBody;
      expect(body.answers.photo).toEqual({
        fileId: '11111111-2222-4333-8444-555555555555',
        name: 'pump.png',
        size: 3,
        type: 'image/png',
      });
      return new Response(JSON.stringify({ status: 'created' }), { status: 201 });
    };
    const store = memoryStore();
    const outbox = new Outbox({
      store,
      fetch,
      now: () => 0,
      random: () => 0,
      csrfToken: () => 't',
    });
    const file = { blob: new Blob(['abc']), name: 'pump.png', size: 3, type: 'image/png' };
    const item = outbox.item(
      { id: 'r1', version: 2, answers: { photo: { fileId: 'pending', name: 'pump.png' } } },
      '/f/tok',
      'Survey',
      { files: { photo: file }, filesUrl: '/f/tok/files' },
    );
    await store.put(item);
    expect((await outbox.send(item)).kind).toBe('retry');
    const kept = (await store.list())[0];
    expect(kept.files!.photo.fileId).toBe('11111111-2222-4333-8444-555555555555');
    expect(kept.files!.photo.blob.size).toBe(3);
    expect((await outbox.send(kept)).kind).toBe('sent');
    // one upload, two tries of the answers
    expect(calls).toEqual(['/f/tok/files?question=photo&version=2', '/f/tok', '/f/tok']);
    expect(await store.list()).toEqual([]);
  });

  it('an upload refused (422 on the question) stops the send with the question’s error', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ errors: { photo: 'Choose a PDF.' } }), { status: 422 });
    const store = memoryStore();
    const outbox = new Outbox({ store, fetch, now: () => 0, csrfToken: () => null });
    const item = outbox.item({ id: 'r2', version: 1, answers: {} }, '/f/tok', 'Survey', {
      files: { photo: { blob: new Blob(['x']), name: 'a.png', size: 1, type: 'image/png' } },
      filesUrl: '/f/tok/files',
    });
    const outcome = await outbox.send(item);
    expect(outcome).toMatchObject({ kind: 'refused', errors: { photo: 'Choose a PDF.' } });
  });
});

describe('the outbox’s own reasons in the page’s language', () => {
  const inLanguage = (script: Array<number | 'offline'>, text: PageText) => {
    const srv = server(script);
    const outbox = new Outbox({
      store: memoryStore(),
      // a server that gave no text of its own (a proxy's 409, a bare 400)
      fetch: async (url, init) => {
        const res = await srv.fetch(url, init);
        return res.status === 409 ? new Response('', { status: 409 }) : res;
      },
      now: () => 0,
      random: () => 0,
      csrfToken: () => null,
      text: () => text,
    });
    const item = outbox.item({ id: 'r', version: 1, answers: {}, lang: text.lang }, '/f/tok', 'S');
    return { outbox, item, srv };
  };

  it('says the retry, conflict and refusal reasons in French', async () => {
    const offline = inLanguage(['offline'], fr);
    expect(await offline.outbox.send(offline.item)).toEqual({
      kind: 'retry',
      reason: 'Pas de connexion : la réponse sera envoyée au retour du réseau.',
      offline: true,
    });
    const busy = inLanguage([503], fr);
    expect(await busy.outbox.send(busy.item)).toEqual({
      kind: 'retry',
      reason: 'Le serveur ne l’a pas reçue (erreur 503) : elle sera renvoyée sous peu.',
    });
    const conflict = inLanguage([409], fr);
    expect(await conflict.outbox.send(conflict.item)).toEqual({
      kind: 'conflict',
      message:
        'Cette réponse a déjà été reçue avec d’autres réponses. Elle n’a pas été renvoyée : exportez-la et prévenez le responsable du formulaire.',
    });
    const refused = inLanguage([400], fr);
    expect(await refused.outbox.send(refused.item)).toMatchObject({
      kind: 'refused',
      message: 'Le serveur a refusé cette réponse (erreur 400).',
    });
  });

  it('says them in Arabic, and sends the response’s language with its uploads', async () => {
    const busy = inLanguage([429], ar);
    expect(await busy.outbox.send(busy.item)).toMatchObject({
      reason: 'لم يستلم الخادم الرد (خطأ 429): سيُعاد إرساله قريبًا.',
    });
    const calls: string[] = [];
    const outbox = new Outbox({
      store: memoryStore(),
      fetch: async (url) => {
        calls.push(url);
        // the upload answered 201 without an id: not stored
        return new Response('{}', { status: url.includes('/files') ? 200 : 201 });
      },
      now: () => 0,
      csrfToken: () => null,
      text: () => ar,
    });
    const item = outbox.item({ id: 'r3', version: 4, answers: {}, lang: 'ar' }, '/f/tok', 'S', {
      files: { photo: { blob: new Blob(['x']), name: 'a.png', size: 1, type: 'image/png' } },
      filesUrl: '/f/tok/files',
    });
    expect(await outbox.send(item)).toEqual({
      kind: 'retry',
      reason: 'لم يُحفَظ الملف المرفوع: سيُعاد إرساله قريبًا.',
    });
    expect(calls).toEqual(['/f/tok/files?question=photo&version=4&lang=ar']);
  });
});
