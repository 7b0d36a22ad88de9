import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { PermanentJobError, type JobInfo, type Jobs } from '../jobs/index.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The data of each mail template, declared by the module that registers it (ids rather than
 * rendered text; a link only where the auth library makes it and it cannot be rebuilt from ids):
 *
 *   declare module '../../platform/mail/mail-queue.js' {
 *     interface MailTemplateData { 'teams.invitation': { invitationId: string; inviterId: string } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MailTemplateData {}

export type MailTemplateName = keyof MailTemplateData & string;

const MAIL_SEND = 'mail.send';

const mailSendPayload = z.strictObject({
  template: z.string().regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/),
  data: z.record(z.string(), z.unknown()),
});
export type MailSendPayload = z.infer<typeof mailSendPayload>;

declare module '../jobs/registry.js' {
  interface JobPayloads {
    'mail.send': MailSendPayload;
  }
}

/** SMTP refused or unreachable: 8 attempts, 30 s, 1, 2, 4, 8, 16, 32 minutes apart (about an hour in all). */
export const MAIL_MAX_ATTEMPTS = 8;
const mailBackoffMs = (attempt: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);

/** The message to send, or null when there is nothing to send any more (the user or invitation is gone). */
type Render<D> = (data: D) => Promise<Omit<MailMessage, 'meta'> | null>;

interface Template {
  schema: z.ZodType<Record<string, unknown>>;
  render: Render<Record<string, unknown>>;
}

/**
 * ctx.mail: every mail leaves through the jobs queue. A write enqueues a `mail.send` job (in its
 * transaction: a rolled-back write sends nothing, and the request never waits on SMTP); a worker
 * renders the template and hands the message to the mailer (SMTP or the local outbox). An SMTP
 * failure is retried with a backoff; after the last attempt the job is failed, logged, and the
 * message is recorded in mail_outbox with status 'failed'.
 */
export class MailQueue {
  private templates = new Map<string, Template>();

  constructor(
    private jobs: Jobs,
    private mailer: Mailer,
    private log: FastifyBaseLogger,
  ) {
    jobs.register(MAIL_SEND, (payload, job) => this.run(payload, job), {
      payload: mailSendPayload,
      maxAttempts: MAIL_MAX_ATTEMPTS,
      backoffMs: mailBackoffMs,
    });
  }

  /** A template: its data's schema and how to render it (modules register theirs at startup). */
  template<K extends MailTemplateName>(
    name: K,
    schema: z.ZodType<MailTemplateData[K]>,
    render: Render<MailTemplateData[K]>,
  ) {
    if (this.templates.has(name)) throw new Error(`Mail template '${name}' is already registered.`);
    this.templates.set(name, { schema, render } as unknown as Template);
  }

  /**
   * Queue a mail. Pass the write's transaction as `tx` (the mail exists only if it commits), then
   * `ctx.jobs.poke()` after the commit; a use case's `uc.enqueue` does both.
   */
  async enqueue<K extends MailTemplateName>(
    name: K,
    data: MailTemplateData[K],
    opts: { tx?: Db } = {},
  ): Promise<string> {
    const template = this.templates.get(name);
    if (!template) throw new Error(`No mail template '${name}'.`);
    return this.jobs.enqueue(MAIL_SEND, this.payload(name, data), { tx: opts.tx });
  }

  /** The checked `mail.send` payload of a template (for `uc.enqueue('mail.send', ...)`). */
  payload<K extends MailTemplateName>(name: K, data: MailTemplateData[K]): MailSendPayload {
    const template = this.templates.get(name);
    if (!template) throw new Error(`No mail template '${name}'.`);
    return { template: name, data: template.schema.parse(data) };
  }

  private async run(payload: MailSendPayload, job: JobInfo) {
    const template = this.templates.get(payload.template);
    if (!template) throw new PermanentJobError(`No mail template '${payload.template}'.`);
    const data = template.schema.safeParse(payload.data);
    if (!data.success)
      throw new PermanentJobError(`The data of a '${payload.template}' mail does not parse.`);
    const msg = await template.render(data.data);
    if (!msg) {
      this.log.info({ job: job.id, template: payload.template }, 'mail skipped: nothing to send');
      return;
    }
    try {
      await this.mailer.send(
        { ...msg, meta: { template: payload.template, job: job.id } },
        { recordFailure: job.attempt >= job.maxAttempts },
      );
    } catch (err) {
      // the worker logs this and retries; the message (address and links) stays out of the log
      throw new Error(
        `SMTP delivery of a '${payload.template}' mail failed (attempt ${job.attempt} of ${job.maxAttempts}): ${(err as Error).message}`,
        { cause: err },
      );
    }
  }
}
