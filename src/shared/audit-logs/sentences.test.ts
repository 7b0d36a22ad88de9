import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_SENTENCES, auditDetailsText, auditSentence } from './sentences';

const SERVER = join(import.meta.dirname, '..', '..', 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|test-support\.ts$/.test(e.name) ? [p] : [];
  });
}

/** every audit action written in src/server: `action: 'noun.verb'` (also in ternaries), auditUser('noun.verb'), `project.${verb}` */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(SERVER)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/\baction:|audit[A-Za-z]*\(/.test(line)) continue;
      for (const m of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.add(m[1]);
      for (const m of line.matchAll(/`([a-z_]+)\.\$\{(\w+)\}`/g)) found.add(`${m[1]}.\${${m[2]}}`);
    }
  }
  return found;
}

describe('audit sentences', () => {
  it('writes an entry as a sentence', () => {
    expect(
      auditSentence({
        action: 'metric.deleted',
        actorName: 'Ada Lovelace',
        subjectLabel: 'Girls enrolled',
      }),
    ).toBe('Ada Lovelace deleted the metric “Girls enrolled”');
    expect(auditSentence({ action: 'metric.deleted', actorName: 'Ada Lovelace' })).toBe(
      'Ada Lovelace deleted the metric',
    );
    expect(
      auditSentence({
        action: 'team.member_removed',
        actorName: 'Ada',
        subjectLabel: 'bob@example.org',
      }),
    ).toBe('Ada removed bob@example.org from the team');
    expect(auditSentence({ action: 'team.member_removed', actorName: 'Ada' })).toBe(
      'Ada removed a member from the team',
    );
    expect(auditSentence({ action: 'auth.login_failed', actorEmail: 'eve@example.org' })).toBe(
      'A sign-in as eve@example.org failed',
    );
    expect(auditSentence({ action: 'some.new_thing', actorName: null })).toBe(
      'Someone: some new thing',
    );
  });

  it('has a sentence for every action written anywhere in src/server', () => {
    const actions = writtenActions();
    expect(actions.size).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const a of actions) {
      if (a.includes('${')) {
        // a computed verb: the project lifecycle (projects.routes.ts and projects.api.ts)
        for (const verb of ['created', 'updated', 'archived', 'restored', 'deleted'])
          if (!AUDIT_SENTENCES[a.replace(/\$\{\w+\}/, verb)])
            missing.push(a.replace(/\$\{\w+\}/, verb));
      } else if (!AUDIT_SENTENCES[a]) missing.push(a);
    }
    expect(missing).toEqual([]);
  });

  it('shows details in words, without ids or JSON', () => {
    expect(
      auditDetailsText({
        role: 'editor',
        invitationId: 'abc',
        before: { a: 1 },
        teamId: 't1',
        emails: ['a@b.org'],
      }),
    ).toBe('role: editor · emails: a@b.org');
    expect(auditDetailsText({ secondFactor: 'totp' })).toBe('second factor: totp');
    expect(auditDetailsText({ id: 'x' })).toBeNull();
  });
});
