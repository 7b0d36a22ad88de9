import { describe, expect, it } from 'vitest';
import type { QuestionDef } from '@shared/forms/questions';
import { firstPageWithError, pageErrors, settlePage, splitPages, visiblePages } from './pages';

const q = (key: string, type: QuestionDef['type'] = 'short_text', label = key): QuestionDef =>
  ({ key, type, label, required: false, choices: [] }) as unknown as QuestionDef;

describe('public form pages', () => {
  const questions = [
    q('start', 'page', 'Welcome'),
    q('name'),
    q('about', 'page', 'About you'),
    q('empty', 'page', 'Nothing here'),
    q('age', 'integer'),
    q('crop', 'single_choice'),
  ];
  const pages = splitPages(questions);

  it('splits at page breaks, titled by the break, without empty pages', () => {
    expect(pages.map((p) => [p.title, p.questions.map((x) => x.key)])).toEqual([
      ['Welcome', ['name']],
      ['Nothing here', ['age', 'crop']],
    ]);
    expect(splitPages([q('a'), q('b')])).toEqual([{ title: null, questions: [q('a'), q('b')] }]);
  });

  it('skips a page whose questions skip logic all hides, and lands on the next shown one', () => {
    expect(visiblePages(pages, new Set(['name', 'age']))).toEqual([0, 1]);
    expect(visiblePages(pages, new Set(['age']))).toEqual([1]);
    expect(settlePage([1], 0)).toBe(1);
    expect(settlePage([0], 1)).toBe(0);
    expect(settlePage([0, 1], 1)).toBe(1);
  });

  it('keeps the errors of one page (other-specify text included) and finds the first page with one', () => {
    const errors = { crop__other: 'Say which.', name: 'Needed.', age: 'Enter a number.' };
    expect(pageErrors(pages, 1, errors)).toEqual({
      crop__other: 'Say which.',
      age: 'Enter a number.',
    });
    expect(pageErrors(pages, 0, errors)).toEqual({ name: 'Needed.' });
    expect(firstPageWithError(pages, errors)).toBe(0);
    expect(firstPageWithError(pages, { age: 'x' })).toBe(1);
    expect(firstPageWithError(pages, {})).toBeNull();
  });
});
