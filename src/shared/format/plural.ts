/**
 * English plurals through Intl.PluralRules: "1 metric", "2 metrics", and verbs that agree
 * ("its 1 other member loses access", "its 2 other members lose access"). A scan test
 * (plural.scan.test.ts) fails on hand-made plural endings (a count compared with 1 choosing '' or 's') elsewhere.
 */
const rules = new Intl.PluralRules('en');

/** The word for n: pluralWord(1, 'metric') is 'metric', pluralWord(2, 'metric') is 'metrics'. */
export function pluralWord(n: number, one: string, many = `${one}s`): string {
  return rules.select(n) === 'one' ? one : many;
}

/** The count and the word: plural(1, 'metric') is '1 metric', plural(3, 'entry', 'entries') is '3 entries'. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${pluralWord(n, one, many)}`;
}

/** A verb agreeing with n: agree(1, 'loses', 'lose') is 'loses'. */
export function agree(n: number, singular: string, pluralForm: string): string {
  return rules.select(n) === 'one' ? singular : pluralForm;
}
