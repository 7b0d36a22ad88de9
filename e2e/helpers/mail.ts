import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../../src/server/platform/db/client.js';
import { mailOutbox } from '../../src/server/platform/mail/mail.tables.js';
import path from 'node:path';
import { WAIT_GUARD_MS } from '../../test/helpers/wait.js';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** the text body, transfer encoding undone */
  text: string;
  raw: string;
}

export interface MailSink {
  host: string;
  port: number;
  messages: CapturedMail[];
  /** env for startServer() so the app delivers here */
  env: Record<string, string>;
  /** resolves with the first message (already captured or arriving) matching the predicate */
  waitFor(match: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string) {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const type = header('Content-Type');
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  let encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (boundary) {
    const part =
      body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const ps = part.search(/\r?\n\r?\n/);
    encoding = (
      part.slice(0, ps).match(/content-transfer-encoding:\s*(\S+)/i)?.[1] ?? ''
    ).toLowerCase();
    body = part.slice(ps).replace(/^\r?\n\r?\n/, '');
  }
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  let subject = header('Subject');
  subject = subject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, v: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(v, 'base64').toString('utf8')
      : decodeQuotedPrintable(v.replace(/_/g, ' ')),
  );
  return { from: envelope.from, to: envelope.to, subject, text: text.trim(), raw };
}

/** An in-test SMTP sink: start the server with `env: sink.env` and read what it sends. */
export async function startMailSink(): Promise<MailSink> {
  const messages: CapturedMail[] = [];
  const waiters: Array<{
    match: (m: CapturedMail) => boolean;
    resolve: (m: CapturedMail) => void;
  }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        for (const w of [...waiters])
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    env: { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(port), MAIL_SECURE: 'false' },
    waitFor(match, timeoutMs = WAIT_GUARD_MS) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.push(w);
        setTimeout(() => {
          if (waiters.includes(w)) {
            waiters.splice(waiters.indexOf(w), 1);
            reject(
              new Error(
                `no matching mail within ${timeoutMs} ms; got: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
              ),
            );
          }
        }, timeoutMs);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The mail_outbox table (mail kept when MAIL_HOST is unset). PGlite is single-process: pass the
 * dataDir only after the server stopped. A PostgreSQL URL can be read at any time.
 */
export async function readOutbox(dataDirOrUrl: string) {
  const isUrl = /^postgres(ql)?:\/\//.test(dataDirOrUrl);
  const database = await openDatabase(
    isUrl ? { databaseUrl: dataDirOrUrl, poolSize: 1 } : { dataDir: path.resolve(dataDirOrUrl) },
  );
  try {
    return await database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
  } finally {
    await database.close();
  }
}
