/* Helpers shared by this module's integration tests (not imported by the app). */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TestClient } from '../../../../test/helpers/client.js';
import { until } from '../../../../test/helpers/wait.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';

/** A same-site Referer (and the matching Host), so "back" after validation errors returns to `path`. */
export const from = (path: string) => ({
  host: 'localhost:3000',
  referer: `http://localhost:3000${path}`,
});

let ipSeq = 0;
/** A guest client with its own address, so one test's per-IP limits do not touch another. */
export function guest(app: FastifyInstance) {
  ipSeq += 1;
  return new TestClient(app, {
    ip: `10.${(process.pid % 200) + 1}.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
}

/** The mail to `to`, newest first, once the queued mail jobs have run. */
export async function mailsTo(app: FastifyInstance, to: string) {
  await drainJobs(app);
  return app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The first link to this app in a mail text, as a path. */
export function linkIn(text: string, appUrl = 'http://localhost:3000'): string {
  const m = text.match(new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/\\S+)`));
  if (!m) throw new Error(`no link in mail:\n${text}`);
  return m[1];
}

export async function auditFor(app: FastifyInstance, action: string, userId?: string) {
  return app.ctx.db
    .select()
    .from(auditLogs)
    .where(
      userId
        ? and(eq(auditLogs.action, action), eq(auditLogs.userId, userId))
        : eq(auditLogs.action, action),
    );
}

/** The mail to `to` once the queue has run, checking that at least `count` arrived. */
export async function waitForMail(app: FastifyInstance, to: string, count = 1) {
  await until(async () => (await mailsTo(app, to)).length >= count, `${count} mail(s) to ${to}`);
  return mailsTo(app, to);
}
