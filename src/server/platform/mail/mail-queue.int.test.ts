/**
 * Mail leaves through the jobs queue. The outside world is a real SMTP server on a loopback port
 * (the `smtp-server` package) that can be told to refuse messages, and a TCP server that accepts
 * connections and never answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { until, WAIT_GUARD_MS } from '../../../../test/helpers/wait.js';
import { runAccountUseCase } from '../use-case/index.js';
import { jobs } from '../jobs/index.js';
import { mailOutbox } from './mail.tables.js';
import { MAIL_MAX_ATTEMPTS } from './mail-queue.js';

/** An SMTP server that refuses the next `refuse` messages with a temporary error, then accepts. */
class Sink {
  received: Array<{ to: string[]; raw: string }> = [];
  refuse = 0;
  refused = 0;
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.refuse > 0) {
          this.refuse -= 1;
          this.refused += 1;
          const err = new Error('Mailbox busy, try again later') as Error & {
            responseCode: number;
          };
          err.responseCode = 451;
          return done(err);
        }
        this.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    return (this.server.server.address() as AddressInfo).port;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const logs: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(l));
    done();
  },
});

let sink: Sink;
let t: TestApp;
beforeAll(async () => {
  sink = new Sink();
  const port = await sink.listen();
  t = await createTestApp({
    env: {
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(port),
      MAIL_SECURE: 'false',
      MAIL_FROM: 'Pathways <no-reply@pathways.test>',
      LOG_LEVEL: 'info',
    },
    build: { logger: undefined, logStream },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
beforeEach(() => {
  sink.refuse = 0;
  sink.refused = 0;
});

const mailJobs = () => t.app.ctx.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
const outboxTo = (to: string) =>
  t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const FAR_AHEAD = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

/** Ask for a password reset through the page, as a visitor would; returns the reset job's row. */
async function requestReset(email: string) {
  const res = await new TestClient(t.app).post(
    '/forgot-password',
    { email },
    { host: 'localhost:3000', referer: 'http://localhost:3000/forgot-password' },
  );
  expect(res.statusCode).toBe(303);
  const queued = (await mailJobs()).filter(
    (j) =>
      j.status === 'queued' &&
      (j.payload as { template: string }).template === 'accounts.reset-password',
  );
  expect(queued).toHaveLength(1);
  return queued[0];
}

describe('mail.send', () => {
  it('a rolled-back write queues no mail; a committed one queues it, and the worker sends it', async () => {
    const user = await createUser(t.app);
    await drainJobs(t.app); // the sign-up's verification mail
    const actor = {
      userId: user.id,
      name: user.name,
      email: user.email,
      teamId: null,
      role: null,
      tokenId: null,
      ip: null,
      userAgent: null,
    };
    const before = (await mailJobs()).length;
    await expect(
      runAccountUseCase(t.app.ctx, actor, async (uc) => {
        await uc.enqueue(
          'mail.send',
          uc.ctx.mail.payload('accounts.registration-attempt', { userId: user.id }),
        );
        await uc.audit({ action: 'test.mail' });
        throw new Error('the write fails after queuing its mail');
      }),
    ).rejects.toThrow(/fails after queuing/);
    expect(await mailJobs()).toHaveLength(before);
    await drainJobs(t.app);
    expect(sink.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);

    await runAccountUseCase(t.app.ctx, actor, async (uc) => {
      await uc.enqueue(
        'mail.send',
        uc.ctx.mail.payload('accounts.registration-attempt', { userId: user.id }),
      );
      await uc.audit({ action: 'test.mail' });
    });
    expect(await mailJobs()).toHaveLength(before + 1);
    await drainJobs(t.app);
    const got = sink.received.filter((m) => m.to.includes(user.email));
    expect(got).toHaveLength(2);
    expect(got[1].raw).toMatch(/^Subject: Someone tried to create a Pathways account/m);
  });

  it('a payload its template refuses fails the write that queues it', async () => {
    await expect(
      t.app.ctx.mail.enqueue('accounts.reset-password', { userId: '' } as never),
    ).rejects.toThrow();
    await expect(
      t.app.ctx.jobs.enqueue('mail.send', { template: 'Not A Template', data: {} }),
    ).rejects.toThrow(/does not match its schema/);
  });

  it('an SMTP failure is retried after a backoff, then the mail is sent; nothing secret is logged', async () => {
    const user = await createUser(t.app);
    await drainJobs(t.app);
    sink.refuse = 1;
    const job = await requestReset(user.email);

    await drainJobs(t.app);
    expect(sink.refused).toBe(1);
    const [failed] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: MAIL_MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/SMTP delivery of a 'accounts.reset-password' mail failed/);
    expect(failed.lastError).toMatch(/451/);
    // not recorded as failed while attempts remain
    expect(await outboxTo(user.email)).toEqual([
      expect.objectContaining({ status: 'sent', subject: expect.stringMatching(/Verify/) }),
    ]);
    // the retry waits for its backoff: running what is due now runs nothing
    expect(await drainJobs(t.app)).toBe(0);

    // once the backoff has passed, the retry delivers it
    expect(await drainJobs(t.app, { at: FAR_AHEAD() })).toBe(1);
    const [done] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    const reset = sink.received.filter(
      (m) => m.to.includes(user.email) && /Reset your Pathways password/.test(m.raw),
    );
    expect(reset).toHaveLength(1);
    const link = reset[0].raw.replace(/=\r?\n/g, '').match(/\/reset-password\/([\w-]+)/)?.[1];
    expect(link).toBeDefined();
    expect(
      (await outboxTo(user.email)).filter((m) => m.subject === 'Reset your Pathways password'),
    ).toMatchObject([{ status: 'sent' }]);

    const logged = JSON.stringify(logs);
    expect(logged).toMatch(/job failed; will retry/);
    expect(logged).not.toContain(link!);
  });

  it('after its last attempt the job is failed, logged, and recorded once in the outbox', async () => {
    const user = await createUser(t.app);
    await drainJobs(t.app);
    sink.refuse = MAIL_MAX_ATTEMPTS + 5;
    const job = await requestReset(user.email);
    await drainJobs(t.app, { at: FAR_AHEAD() });
    expect(sink.refused).toBe(MAIL_MAX_ATTEMPTS);
    const [row] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(
      await t.app.ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.status, 'failed'))),
    ).toHaveLength(1);
    expect(logs.some((l) => l.msg === 'job failed for good' && l.job === job.id)).toBe(true);
  });
});

describe('a request never waits on SMTP', () => {
  let silent: Server;
  const held: Socket[] = [];
  let app: TestApp;
  beforeAll(async () => {
    // accepts the connection, never says a word (no SMTP greeting)
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    app = await createTestApp({
      env: {
        MAIL_HOST: '127.0.0.1',
        MAIL_PORT: String((silent.address() as AddressInfo).port),
        MAIL_SECURE: 'false',
      },
    });
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await app?.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers while the worker is stuck talking to a mail server that never answers', async () => {
    const user = await createUser(app.app);
    app.app.ctx.jobs.startWorker({ pollMs: 20, concurrency: 1 });
    // the worker takes the sign-up's verification mail and hangs on the silent server
    await until(async () => held.length > 0, 'the worker connecting to the silent server');
    const res = await new TestClient(app.app).post(
      '/forgot-password',
      { email: user.email },
      { host: 'localhost:3000', referer: 'http://localhost:3000/forgot-password' },
    );
    expect(res.statusCode).toBe(303);
    const rows = await app.app.ctx.db
      .select({ status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.type, 'mail.send'));
    // neither mail has gone anywhere, and the reset mail waits its turn in the queue
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.status)).not.toContain('done');
    expect(
      rows.find((r) => (r.payload as { template: string }).template === 'accounts.reset-password'),
    ).toBeDefined();
    // stop claiming, then hang up on the worker: the attempt fails and the job is queued again
    const stopping = app.app.ctx.jobs.stopWorker(WAIT_GUARD_MS);
    for (const s of held) s.destroy();
    expect(await stopping).toBe(true);
    const after = await app.app.ctx.db
      .select({ status: jobs.status, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.type, 'mail.send'));
    expect(after.map((r) => r.status).sort()).toEqual(['queued', 'queued']);
  });
});
