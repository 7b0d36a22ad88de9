/** The e2e helpers themselves: the SMTP sink and the outbox reader. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../src/server/platform/db/client.js';
import { mailOutbox } from '../src/server/platform/mail/mail.tables.js';
import { readOutbox, startMailSink } from './helpers/mail.js';

describe('e2e harness', () => {
  it('captures mail sent over SMTP, decoding subject and quoted-printable text', async () => {
    const sink = await startMailSink();
    try {
      const t = nodemailer.createTransport({
        host: sink.host,
        port: sink.port,
        secure: false,
        tls: { rejectUnauthorized: false },
      });
      const url = `http://127.0.0.1/verify-email/${'a'.repeat(90)}?x=1`;
      await t.sendMail({
        from: 'Pathways <no-reply@pathways.local>',
        to: 'ana@example.org',
        subject: 'Vérifiez votre adresse',
        text: `Bonjour Ana,\n\n${url}\n`,
      });
      const mail = await sink.waitFor((m) => m.to.includes('ana@example.org'));
      expect(mail.subject).toBe('Vérifiez votre adresse');
      expect(mail.text).toContain(url);
      await expect(sink.waitFor((m) => m.subject === 'never', 200)).rejects.toThrow(
        /no matching mail/,
      );
    } finally {
      await sink.close();
    }
  });

  it('reads the mail_outbox of a PGlite data dir once nothing else holds it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pathways-outbox-'));
    try {
      const database = await openDatabase({ dataDir: dir });
      await migrateDatabase(database);
      await database.db.insert(mailOutbox).values({
        to: 'bo@example.org',
        subject: 'Reset your password',
        text: 'link',
        status: 'kept',
      });
      await database.close();
      const rows = await readOutbox(dir);
      expect(rows.map((r) => [r.to, r.subject])).toEqual([
        ['bo@example.org', 'Reset your password'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
