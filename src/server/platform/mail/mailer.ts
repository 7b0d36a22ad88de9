import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from './mail.tables.js';
import { writeOutboxFile } from './outbox-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
}

export interface Mailer {
  /** deliver now (the `mail.send` job calls it; code that writes enqueues through ctx.mail instead) */
  send(msg: MailMessage, opts?: { recordFailure?: boolean }): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

/**
 * SMTP when MAIL_HOST is set; otherwise messages are kept in the mail_outbox table and a log
 * line says so (read them with `npm run cli -- mail:outbox`). Sent mail is recorded too.
 */
export function createMailer(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  opts: { outboxFiles?: boolean } = {},
): Mailer {
  const smtp = Boolean(config.mail.host);
  // nodemailer (~12 MB once loaded) is imported with the first mail, and only for SMTP
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.mail.host,
        port: config.mail.port,
        secure: config.mail.secure,
        auth: config.mail.user
          ? { user: config.mail.user, pass: config.mail.password ?? '' }
          : undefined,
        // local sinks and dev relays often lack certificates
        tls: { rejectUnauthorized: config.env === 'production' },
        // a server that accepts the connection and never answers holds a job, not a request;
        // bound it so the job fails and is retried later (nodemailer waits up to 10 minutes)
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    ));
  return {
    mode: smtp ? 'smtp' : 'outbox',
    async send(msg, sendOpts = {}) {
      if (!smtp) {
        await db.insert(mailOutbox).values({ ...msg, status: 'kept' });
        // embedded mode: also a file the CLI can read while the server holds the database
        if (opts.outboxFiles) writeOutboxFile(config.dataDir, msg);
        log.info(
          { to: msg.to, subject: msg.subject },
          'mail kept in the local outbox (MAIL_HOST not set): npm run cli -- mail:outbox',
        );
        return;
      }
      const transporter = await smtpTransport();
      try {
        await transporter.sendMail({
          from: config.mail.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
        });
        await db.insert(mailOutbox).values({ ...msg, status: 'sent' });
      } catch (err) {
        // a job retries the delivery; the failure is recorded once, after its last attempt
        if (sendOpts.recordFailure !== false)
          await db
            .insert(mailOutbox)
            .values({ ...msg, status: 'failed', error: (err as Error).message });
        throw err;
      }
    },
  };
}
