import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { users } from '../../platform/auth/auth.tables.js';
import { VERIFIED } from './verification.routes.js';
import { guest, mailsTo } from './test-support.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let sink: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];

/** A local SMTP sink on a random loopback port: the app delivers to it over a real SMTP exchange. */
beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  const { port } = sink.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(port),
      MAIL_SECURE: 'false',
      MAIL_FROM: 'Pathways <no-reply@pathways.test>',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** quoted-printable soft breaks and escapes, enough to read links out of a raw message */
const decodeQp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

it('register -> the verification mail arrives at the SMTP sink -> its link verifies the account', async () => {
  expect(t.app.ctx.mailer.mode).toBe('smtp');
  const email = `smtp.${Date.now()}@example.org`;
  const c = guest(t.app);
  const res = await c.post('/register', {
    name: 'Mail Tester <b>',
    email,
    password: 'long-enough-pw',
    password_confirmation: 'long-enough-pw',
    terms: true,
  });
  expect(res.headers.location).toBe('/login');

  // the request queued the mail; the worker's run hands it to SMTP
  await drainJobs(t.app);
  const msg = inbox.find((m) => m.to.includes(email));
  expect(msg).toBeDefined();
  expect(msg!.from).toBe('no-reply@pathways.test');
  const raw = decodeQp(msg!.raw);
  expect(raw).toMatch(/^Subject: Verify your email address for Pathways/m);
  expect(raw).toContain('multipart/alternative');
  expect(raw).toContain('This link is valid for 24 hours.');
  expect(raw).toContain('Hello Mail Tester &lt;b&gt;,'); // the name is escaped in the HTML part
  const link = raw.match(/http:\/\/localhost:3000(\/verify-email\/[\w.-]+)/)?.[1];
  expect(link).toBeDefined();
  const [row] = await mailsTo(t.app, email);
  expect(row.status).toBe('sent');

  // the user opens the link in the browser they registered with: verified and signed in
  c.opts.inertia = false;
  const visit = await c.get(link!);
  expect(visit.statusCode).toBe(302);
  expect(visit.headers.location).toBe('/dashboard');
  const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
  expect(u.emailVerified).toBe(true);
  c.opts.inertia = true;
  const page = await c.page('/dashboard');
  expect(page.props.auth.user.email).toBe(email);
  expect(page.props.flash.success).toBe(VERIFIED);
});
