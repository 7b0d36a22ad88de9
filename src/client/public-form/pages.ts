import { isUnseen, type QuestionDef } from '@shared/forms/questions';

/** One page of the public form: the questions between two page breaks, titled by the break's label. */
export interface FormPage {
  title: string | null;
  questions: QuestionDef[];
}

/** Split at each page break (a question of type `page`); a form without one is a single page. */
export function splitPages(questions: readonly QuestionDef[]): FormPage[] {
  const pages: FormPage[] = [{ title: null, questions: [] }];
  for (const q of questions) {
    if (q.type === 'page') pages.push({ title: q.label, questions: [] });
    else pages[pages.length - 1].questions.push(q);
  }
  // a break at the very start (nothing before it) or two breaks in a row make no empty page
  return pages.filter((p) => p.questions.length > 0);
}

/**
 * The pages shown for these answers (indexes): those with a question that skip logic shows (a
 * calculate or hidden value alone does not make a page).
 */
export const visiblePages = (pages: readonly FormPage[], shown: ReadonlySet<string>) =>
  pages.flatMap((p, i) =>
    p.questions.some((q) => shown.has(q.key) && !isUnseen(q.type)) ? [i] : [],
  );

const pageOfKey = (pages: readonly FormPage[], key: string) => {
  // `members[2].age` is on the page of `members`
  const base = key.replace(/\[.*$/, '').replace(/__other$/, '');
  return pages.findIndex((p) => p.questions.some((q) => q.key === base));
};

/** The errors about this page's questions (their "other, specify" text included). */
export function pageErrors(
  pages: readonly FormPage[],
  index: number,
  errors: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => pageOfKey(pages, k) === index));
}

/** The first page holding an error (what Send goes back to), or null. */
export function firstPageWithError(
  pages: readonly FormPage[],
  errors: Record<string, string>,
): number | null {
  const found = Object.keys(errors)
    .map((k) => pageOfKey(pages, k))
    .filter((i) => i >= 0);
  return found.length ? Math.min(...found) : null;
}

/** The page to show: this one if visible, else the next visible one (else the last visible). */
export function settlePage(visible: readonly number[], index: number): number {
  if (visible.includes(index)) return index;
  return visible.find((i) => i > index) ?? visible[visible.length - 1] ?? 0;
}
