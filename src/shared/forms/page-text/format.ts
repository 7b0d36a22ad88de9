/**
 * The public form page's own words (zod-free, no library): a catalogue per language (en.ts, fr.ts,
 * ...), all with the same keys, `{name}` placeholders and counts chosen by Intl.PluralRules. The
 * page loads only the catalogue of its language; the server reads them all (all.ts).
 */
import { en } from './en.js';
import { formatSettingDate } from '../../format/date.js';

/** A count's text: one entry per plural category the language uses (`other` always). */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

type Key = Exclude<keyof typeof en, 'lang'>;
/** One language's catalogue: English's keys, a string or a count's forms each. */
export type PageText = { lang: string } & {
  [K in Key]: (typeof en)[K] extends string ? string : Plural;
};
export type TextKey = { [K in Key]: (typeof en)[K] extends string ? K : never }[Key];
export type CountKey = Exclude<Key, TextKey>;

/** The languages the page's own words exist in (a form in another language gets English). */
export const PAGE_LANGUAGES = ['en', 'fr', 'es', 'pt', 'pt-PT', 'sw', 'ar'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * Portuguese of Portugal and of the countries whose Portuguese follows it (CLDR's parent locale
 * pt-PT: Angola, Mozambique, Cape Verde, Guinea-Bissau, São Tomé, Timor-Leste, Macau, Equatorial
 * Guinea, Luxembourg, Switzerland); plain `pt` and `pt-BR` are Brazilian.
 */
const EUROPEAN_PT = new Set(['pt', 'ao', 'mz', 'cv', 'gw', 'st', 'tl', 'mo', 'gq', 'lu', 'ch']);

/**
 * The catalogue for a form language: by its primary language (`fr-CA` -> fr), Portuguese by its
 * region (`pt-PT`, `pt-AO` -> pt-PT; `pt`, `pt-BR` -> pt), else English.
 */
export function pageLanguageOf(code: string | null | undefined): PageLanguage {
  const [primary, ...rest] = (code ?? '').toLowerCase().split(/[-_]/);
  // the region: the first 2-letter subtag after the language (`pt-Latn-PT` too)
  const region = rest.find((x) => /^[a-z]{2}$/.test(x));
  if (primary === 'pt' && region && EUROPEAN_PT.has(region)) return 'pt-PT';
  return (PAGE_LANGUAGES as readonly string[]).includes(primary) ? (primary as PageLanguage) : 'en';
}

export const englishText: PageText = en;

type Vars = Record<string, string | number>;
const fill = (s: string, vars: Vars) =>
  s.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

/** A text with its placeholders filled: say(t, 'progress', { n: 2, total: 5 }). */
export function say(t: PageText, key: TextKey, vars: Vars = {}): string {
  return fill(t[key], vars);
}

/**
 * Why a form takes no responses now: a catalogue key and the date it names. The page gets this,
 * not a sentence, so the message follows the page's language (the switcher too).
 */
export type ClosedNotice = {
  key:
    | 'notPublished'
    | 'projectArchived'
    | 'opensOn'
    | 'closedOn'
    | 'limitReached'
    | 'publicFormsOff'
    | 'monthlyLimit';
  date?: string;
};
/** A closed form's message in a language, its date said in that language ("1 janvier 2021"). */
export const sayClosed = (t: PageText, n: ClosedNotice) =>
  say(t, n.key, n.date ? { date: formatSettingDate(n.date, t.lang) } : {});

const rules = new Map<string, Intl.PluralRules>();
/** A count's text in the form the language's plural rules pick for n (`{n}` is n). */
export function sayCount(t: PageText, key: CountKey, n: number, vars: Vars = {}): string {
  let r = rules.get(t.lang);
  if (!r) rules.set(t.lang, (r = new Intl.PluralRules(t.lang)));
  const forms = t[key];
  return fill(forms[r.select(n)] ?? forms.other, { n, ...vars });
}

/** The placeholders of a text (the catalogue test compares them across languages). */
export const placeholdersOf = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
