import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import { UsageError, withApp, type Command } from '../command.js';
import { loadConfig } from '../../platform/config.js';
import { readOutboxFiles } from '../../platform/mail/outbox-files.js';

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

export const mailOutboxCommand: Command = {
  name: 'mail:outbox',
  summary: 'Show the latest mail kept in the local outbox (with their links)',
  usage: '[--to <email>] [--limit <n>]',
  details: [
    'Without MAIL_HOST the app sends no mail: verification, password-reset and invitation messages',
    'are kept in the database. This prints the newest first (default 10). In embedded mode it reads',
    'the copies in DATA_DIR/mail-outbox, so it works while the server is running.',
  ],
  options: {
    to: { type: 'string' },
    limit: { type: 'string', default: '10' },
  },
  async run(values, io) {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be a whole number from 1 to 1000.');
    const to = typeof values.to === 'string' ? values.to.trim().toLowerCase() : undefined;
    const env = io.env ?? process.env;
    if (!io.build?.database && !env.DATABASE_URL && !env.MAIL_HOST) {
      const config = loadConfig({ ...env, APP_KEY: env.APP_KEY ?? 'unused-by-this-command' });
      const files = readOutboxFiles(config.dataDir, { to, limit });
      if (files.length > 0) {
        io.out('MAIL_HOST is not set: mail is kept here instead of being sent.');
        for (const m of files) {
          io.out('');
          io.out(`${m.createdAt}  [kept]  to ${m.to}`);
          io.out(`  Subject: ${m.subject}`);
          for (const link of new Set(m.text.match(LINK) ?? [])) io.out(`  Link: ${link}`);
        }
        return;
      }
    }
    await withApp(io, async (app) => {
      const rows = await app.ctx.db
        .select()
        .from(mailOutbox)
        .where(to ? eq(sql`lower(${mailOutbox.to})`, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit);
      if (rows.length === 0) {
        io.out(to ? `No mail to ${to} in the outbox.` : 'The outbox is empty.');
        return;
      }
      io.out(
        app.ctx.mailer.mode === 'smtp'
          ? 'Mail is sent over SMTP (MAIL_HOST); the outbox records it too.'
          : 'MAIL_HOST is not set: mail is kept here instead of being sent.',
      );
      for (const m of rows) {
        io.out('');
        io.out(`${m.createdAt.toISOString()}  [${m.status}]  to ${m.to}`);
        io.out(`  Subject: ${m.subject}`);
        for (const link of new Set(m.text.match(LINK) ?? [])) io.out(`  Link: ${link}`);
        if (m.error) io.out(`  Error: ${m.error}`);
      }
    });
  },
};
