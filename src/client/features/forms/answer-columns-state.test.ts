import { describe, expect, it } from 'vitest';
import {
  answerColumnsKey,
  saveAnswerColumns,
  savedAnswerColumns,
  shownAnswerKeys,
} from './answer-columns-state';

const KEYS = ['name', 'people', 'treats', 'source', 'photo'];

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
}

describe('shownAnswerKeys', () => {
  it('shows the first three questions until someone picks', () => {
    expect(shownAnswerKeys(null, KEYS)).toEqual(['name', 'people', 'treats']);
    expect(shownAnswerKeys(null, ['a'])).toEqual(['a']);
  });

  it('keeps the form’s order, not the order of the pick', () => {
    expect(shownAnswerKeys(JSON.stringify(['photo', 'name']), KEYS)).toEqual(['name', 'photo']);
  });

  it('leaves out keys the form no longer has, and keeps an empty pick empty', () => {
    expect(shownAnswerKeys(JSON.stringify(['gone', 'source']), KEYS)).toEqual(['source']);
    expect(shownAnswerKeys('[]', KEYS)).toEqual([]);
  });

  it('treats a damaged entry as no pick', () => {
    expect(shownAnswerKeys('{not json', KEYS)).toEqual(['name', 'people', 'treats']);
    expect(shownAnswerKeys('{"a":1}', KEYS)).toEqual(['name', 'people', 'treats']);
    expect(shownAnswerKeys('[1, "source", null]', KEYS)).toEqual(['source']);
  });
});

describe('savedAnswerColumns and saveAnswerColumns', () => {
  it('remember a pick per form', () => {
    const s = memoryStorage();
    expect(saveAnswerColumns(s, 'f1', ['source', 'photo'])).toBe('["source","photo"]');
    expect(s.m.get(answerColumnsKey('f1'))).toBe('["source","photo"]');
    expect(shownAnswerKeys(savedAnswerColumns(s, 'f1'), KEYS)).toEqual(['source', 'photo']);
    expect(savedAnswerColumns(s, 'f2')).toBeNull();
  });

  it('work without storage, or with storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(savedAnswerColumns(null, 'f1')).toBeNull();
    expect(savedAnswerColumns(broken, 'f1')).toBeNull();
    // the pick still holds for the page
    expect(saveAnswerColumns(broken, 'f1', ['name'])).toBe('["name"]');
  });
});
