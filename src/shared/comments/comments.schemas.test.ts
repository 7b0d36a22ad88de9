import { describe, expect, it } from 'vitest';
import {
  commentSegments,
  decodeMentions,
  encodeMentions,
  initialsOf,
  mentionedIds,
  mentionToken,
  plainComment,
  storeCommentSchema,
} from './comments.schemas.js';

describe('comment text', () => {
  const body =
    'Hi @[Ada Lovelace](u_1), see @[Grace](u-2) and @[Ada L.](u_1) again. @[broken](no spaces allowed)';

  it('finds each mentioned id once, in order', () => {
    expect(mentionedIds(body)).toEqual(['u_1', 'u-2']);
    expect(mentionedIds('no mentions, just an @ sign and [brackets](here)')).toEqual([]);
  });

  it('cuts the body into text and mentions', () => {
    expect(commentSegments('@[A](x) hello @[B](y)')).toEqual([
      { kind: 'mention', userId: 'x', name: 'A' },
      { kind: 'text', text: ' hello ' },
      { kind: 'mention', userId: 'y', name: 'B' },
    ]);
    expect(commentSegments('<b>plain</b>')).toEqual([{ kind: 'text', text: '<b>plain</b>' }]);
    expect(commentSegments('')).toEqual([]);
  });

  it('reads as plain text with current names, cut by characters, never inside an emoji', () => {
    expect(plainComment('Hi @[Old Name](u1)!', undefined, { u1: 'New Name' })).toBe(
      'Hi @New Name!',
    );
    expect(plainComment('abcdef', 4)).toBe('abc…');
    const cut = plainComment('🌍'.repeat(10), 5);
    expect(cut).toBe('🌍🌍🌍🌍…');
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });

  it('mention tokens never break the encoding, whatever the name', () => {
    const token = mentionToken({ id: 'u1', name: 'Evil](x) [Name' });
    expect(mentionedIds(token)).toEqual(['u1']);
    expect(mentionToken({ id: 'u2', name: '[]()' })).toBe('@[member](u2)');
  });

  it('initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada  de  la  cruz')).toBe('AC');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('  ')).toBe('?');
  });

  it('the store schema trims, limits to 5,000 characters and rejects unknown fields', () => {
    const base = { subjectType: 'project', subjectId: '00000000-0000-4000-8000-000000000000' };
    expect(storeCommentSchema.parse({ ...base, body: '  hi  ' }).body).toBe('hi');
    expect(storeCommentSchema.safeParse({ ...base, body: 'x'.repeat(5001) }).success).toBe(false);
    expect(storeCommentSchema.safeParse({ ...base, body: 'x', extra: 1 }).success).toBe(false);
    expect(
      storeCommentSchema.safeParse({ ...base, subjectType: 'budget', body: 'x' }).success,
    ).toBe(false);
  });
});

describe('composer mentions', () => {
  const ada = { id: 'u1', name: 'Ada' };
  const adaL = { id: 'u2', name: 'Ada Lovelace' };

  it('encodes the picked members’ @Name, longest name first, not inside longer words', () => {
    expect(encodeMentions('@Ada Lovelace and @Ada, not @Adam', [ada, adaL])).toBe(
      '@[Ada Lovelace](u2) and @[Ada](u1), not @Adam',
    );
    expect(encodeMentions('email ada@Ada.org', [ada])).toBe('email ada@Ada.org');
    expect(encodeMentions('no picks @Ada', [])).toBe('no picks @Ada');
  });

  it('decodes a stored body for editing and round-trips', () => {
    const body = 'cc @[Ada Lovelace](u2) and @[Old](u1)';
    const { text, picked } = decodeMentions(body, { u1: 'Ada' });
    expect(text).toBe('cc @Ada Lovelace and @Ada');
    expect(picked).toEqual([adaL, ada]);
    expect(encodeMentions(text, picked)).toBe('cc @[Ada Lovelace](u2) and @[Ada](u1)');
  });
});
