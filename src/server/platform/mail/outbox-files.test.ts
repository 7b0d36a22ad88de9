import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { outboxDir, readOutboxFiles, writeOutboxFile } from './outbox-files.js';

it('keeps owner-only files, reads them newest first, filters by recipient and skips broken files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-outbox-unit-'));
  const a = writeOutboxFile(
    dir,
    { to: 'a@example.org', subject: 'first', text: 'one' },
    new Date('2026-01-01T10:00:00Z'),
  );
  writeOutboxFile(
    dir,
    { to: 'b@example.org', subject: 'second', text: 'two' },
    new Date('2026-01-01T11:00:00Z'),
  );
  writeOutboxFile(
    dir,
    { to: 'A@example.org', subject: 'third', text: 'three' },
    new Date('2026-01-01T12:00:00Z'),
  );
  writeFileSync(path.join(outboxDir(dir), '2026-zz-broken.json'), '{not json');
  expect(statSync(a).mode & 0o777).toBe(0o600);
  expect(readOutboxFiles(dir, { limit: 10 }).map((m) => m.subject)).toEqual([
    'third',
    'second',
    'first',
  ]);
  expect(readOutboxFiles(dir, { limit: 10, to: 'a@example.org' }).map((m) => m.subject)).toEqual([
    'third',
    'first',
  ]);
  expect(readOutboxFiles(dir, { limit: 1 }).map((m) => m.subject)).toEqual(['third']);
  expect(readOutboxFiles(path.join(dir, 'missing'), { limit: 5 })).toEqual([]);
});
