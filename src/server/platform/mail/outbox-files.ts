import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Embedded mode without SMTP: each kept message is also written as a small JSON file under
 * DATA_DIR/mail-outbox (owner-only), so the operator can read verification and reset links
 * with `npm run cli -- mail:outbox` while the server holds the embedded database.
 */
export interface OutboxFile {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'mail-outbox');

export function writeOutboxFile(
  dataDir: string,
  msg: { to: string; subject: string; text: string },
  now = new Date(),
) {
  const dir = outboxDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(
    dir,
    `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`,
  );
  const body: OutboxFile = {
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    createdAt: now.toISOString(),
  };
  writeFileSync(file, JSON.stringify(body, null, 2), { mode: 0o600 });
  return file;
}

/** Newest first; unreadable files are skipped. */
export function readOutboxFiles(
  dataDir: string,
  opts: { to?: string; limit: number },
): OutboxFile[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir(dataDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const out: OutboxFile[] = [];
  for (const name of names.sort().reverse()) {
    try {
      const m = JSON.parse(readFileSync(path.join(outboxDir(dataDir), name), 'utf8')) as OutboxFile;
      if (opts.to && m.to.toLowerCase() !== opts.to) continue;
      out.push(m);
      if (out.length >= opts.limit) break;
    } catch {
      /* a half-written or foreign file */
    }
  }
  return out;
}
