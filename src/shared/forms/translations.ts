/**
 * Multilingual forms (zod-free: the public form page imports it). A form has a default language
 * (its texts are the questions' own fields) and other languages (BCP-47 codes); each question keeps
 * its translations beside its definition, so a published version snapshots them.
 */
import { dirOf, type QuestionDef } from './questions.js';

/** One question's texts in one language; a missing or blank text falls back to the default's. */
export interface QuestionTranslation {
  label?: string;
  hint?: string;
  requiredMessage?: string;
  constraintMessage?: string;
  /** choice value -> label */
  choices?: Record<string, string>;
}
/** language code -> the question's texts in it */
export type QuestionTranslations = Record<string, QuestionTranslation>;

/** The canonical form of a BCP-47 code (`fr-ca` -> `fr-CA`), or null when it is not one. */
export function canonicalLanguage(code: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(code)) return null;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? null;
  } catch {
    return null;
  }
}

/** A language's own name (`ar` -> العربية), else the code. */
export function languageName(code: string, inLanguage: string = code): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const primary = (code: string) => code.toLowerCase().split('-')[0];

/** The available language a wanted one matches: the same code, else the same primary language. */
export function matchLanguage(wanted: string, available: readonly string[]): string | null {
  const w = wanted.trim().toLowerCase();
  if (!w || w === '*') return null;
  const exact = available.find((a) => a.toLowerCase() === w);
  if (exact) return exact;
  return available.find((a) => primary(a) === primary(w)) ?? null;
}

/** The languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The language a form is shown in: `?lang=`, then the browser's languages in order, then the
 * form's default. `fr-CA` matches a form in `fr` (and `fr` one in `fr-CA`).
 */
export function resolveLanguage(opts: {
  query: string | null | undefined;
  browser: readonly string[];
  available: readonly string[];
  fallback: string;
}): string {
  for (const wanted of [opts.query ?? '', ...opts.browser]) {
    const hit = matchLanguage(wanted, opts.available);
    if (hit) return hit;
  }
  return opts.fallback;
}

/** The text direction of a language code (from the code, never guessed from the text). */
export function textDirection(code: string): 'ltr' | 'rtl' {
  // the known right-to-left languages first: an ICU without their data says ltr (Node: dv)
  if (dirOf(code) === 'rtl') return 'rtl';
  try {
    const locale = new Intl.Locale(code) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
  } catch {
    // not a code Intl knows
  }
  return 'ltr';
}

const pick = (text: string | undefined, fallback: string | null) =>
  text && text.trim() ? text : fallback;

/** The questions in one language: each translated text replaces the default one, a missing one stays. */
export function localiseQuestions(questions: QuestionDef[], lang: string): QuestionDef[] {
  return questions.map((q) => {
    const t = q.translations?.[lang];
    if (!t) return q;
    return {
      ...q,
      label: pick(t.label, q.label)!,
      hint: pick(t.hint, q.hint),
      requiredMessage: pick(t.requiredMessage, q.requiredMessage),
      constraintMessage: pick(t.constraintMessage, q.constraintMessage ?? null),
      choices: q.choices.map((c) => ({ ...c, label: pick(t.choices?.[c.value], c.label)! })),
    };
  });
}

/** One text to translate: where it goes, and the default language's text beside it. */
export interface TranslatableText {
  key: string;
  field: 'label' | 'hint' | 'requiredMessage' | 'constraintMessage' | 'choice';
  /** the choice value, for a choice label */
  value?: string;
  source: string;
}

/** Every text of the questions that has a default-language text (so needs a translation). */
export function translatableTexts(questions: QuestionDef[]): TranslatableText[] {
  const out: TranslatableText[] = [];
  for (const q of questions) {
    out.push({ key: q.key, field: 'label', source: q.label });
    if (q.hint) out.push({ key: q.key, field: 'hint', source: q.hint });
    if (q.required && q.requiredMessage)
      out.push({ key: q.key, field: 'requiredMessage', source: q.requiredMessage });
    if (q.constraint && q.constraintMessage)
      out.push({ key: q.key, field: 'constraintMessage', source: q.constraintMessage });
    for (const c of q.choices)
      out.push({ key: q.key, field: 'choice', value: c.value, source: c.label });
  }
  return out;
}

/** A text's translation in one language ('' when missing). */
export function translationOf(q: QuestionDef, lang: string, t: TranslatableText): string {
  const tr = q.translations?.[lang];
  if (!tr) return '';
  return (t.field === 'choice' ? tr.choices?.[t.value!] : tr[t.field]) ?? '';
}

/** How many texts (thank-you text included when set) still have no translation in `lang`. */
export function missingCount(
  questions: QuestionDef[],
  lang: string,
  thankYou?: { source: string | null; translated: string | undefined },
): { total: number; missing: number } {
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const texts = translatableTexts(questions);
  let missing = texts.filter((t) => !translationOf(byKey.get(t.key)!, lang, t).trim()).length;
  let total = texts.length;
  if (thankYou?.source) {
    total += 1;
    if (!thankYou.translated?.trim()) missing += 1;
  }
  return { total, missing };
}
