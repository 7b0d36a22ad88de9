import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  missed,
  remember,
  shortPathOpen,
  sinceRead,
  type RecentResponse,
} from './submit.memory.js';

const rows = (from: number, n: number): RecentResponse[] =>
  Array.from({ length: n }, (_, i) => ({
    seq: from + i,
    id: randomUUID(),
    clientId: randomUUID(),
    hash: '{}',
    stakeholderId: null,
    wave: null,
    fingerprint: null,
  }));

describe('what this process remembers of a form', () => {
  it('numbers after the read when it has stored nothing since', () => {
    const form = randomUUID();
    expect(sinceRead(form, 7)).toEqual({ base: 7, later: [] });
  });

  it('numbers after its own later responses, and gives them back', () => {
    const form = randomUUID();
    const first = rows(11, 3);
    remember(form, 10, first);
    const second = rows(14, 2);
    remember(form, 13, second);
    expect(sinceRead(form, 10)).toEqual({ base: 15, later: [...first, ...second] });
    expect(sinceRead(form, 12)).toEqual({ base: 15, later: [first[2], ...second] });
    expect(sinceRead(form, 15)).toEqual({ base: 15, later: [] });
  });

  it('cannot know what was numbered before what it remembers, nor keep what another writer broke', () => {
    const form = randomUUID();
    remember(form, 10, rows(11, 2));
    // a read older than the first remembered number: the responses in between may be another's
    expect(sinceRead(form, 9)).toBeNull();
    // a read newer than what it remembers: another writer went on; the read's number is the base
    expect(sinceRead(form, 20)).toEqual({ base: 20, later: [] });
    // a gap (the next batch does not follow on): it starts again from that batch
    remember(form, 30, rows(31, 1));
    expect(sinceRead(form, 12)).toBeNull();
    expect(sinceRead(form, 30)).toMatchObject({ base: 31 });
  });

  it('keeps the latest 2,000 and moves its floor past the ones it let go', () => {
    const form = randomUUID();
    remember(form, 0, rows(1, 1_500));
    remember(form, 1_500, rows(1_501, 1_000));
    expect(sinceRead(form, 499)).toBeNull();
    expect(sinceRead(form, 500)?.later).toHaveLength(2_000);
    expect(sinceRead(form, 500)?.base).toBe(2_500);
  });

  it('after a miss, forgets the form and sends its next 20 commits under the lock', () => {
    const form = randomUUID();
    remember(form, 0, rows(1, 3));
    expect(shortPathOpen(form)).toBe(true);
    missed(form);
    expect(sinceRead(form, 0)).toEqual({ base: 0, later: [] });
    const open = Array.from({ length: 21 }, () => shortPathOpen(form));
    expect(open.slice(0, 20).every((x) => !x)).toBe(true);
    expect(open[20]).toBe(true);
  });
});
