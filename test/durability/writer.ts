/**
 * Child process for the durability test: builds the app on DATA_DIR exactly as the server does
 * and writes one transaction after another (a job plus an outbox row), printing `ACK <i> <jobId>`
 * only after each commit returned. The parent SIGKILLs it mid-stream.
 */
import { buildApp } from '../../src/server/app.js';
import { mailOutbox } from '../../src/server/platform/mail/mail.tables.js';

const app = await buildApp({
  logger: false,
  assets: { version: 'writer', dev: false, headTags: '' },
});
await app.ready();
const { ctx } = app;
process.stdout.write('READY\n');
for (let i = 0; ; i++) {
  const id = await ctx.db.transaction(async (tx) => {
    const jobId = await ctx.jobs.enqueue('durability.write', { i }, { tx: tx as never });
    await tx.insert(mailOutbox).values({
      to: `writer-${i}@example.org`,
      subject: `write ${i}`,
      text: jobId,
      status: 'kept',
    });
    return jobId;
  });
  process.stdout.write(`ACK ${i} ${id}\n`);
}
