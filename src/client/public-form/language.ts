import type { PublicFormProps } from '@shared/forms/forms.pages';
import { resolveLanguage, textDirection } from '@shared/forms/translations';

/** The form's languages, the default first. */
export const formLanguages = (data: PublicFormProps): string[] => [
  data.form.defaultLanguage ?? data.form.language,
  ...(data.form.languages ?? []),
];

/** The language the page opens in: `?lang=`, then the browser's languages, then the form's default. */
export function pageLanguage(
  data: PublicFormProps,
  search: string,
  browser: readonly string[],
): string {
  return resolveLanguage({
    query: new URLSearchParams(search).get('lang'),
    browser,
    available: formLanguages(data),
    fallback: data.form.defaultLanguage ?? data.form.language,
  });
}

/** `lang` and `dir` of the document, from the language code (never guessed from the text). */
export function applyLanguage(code: string) {
  document.documentElement.lang = code;
  document.documentElement.dir = textDirection(code);
}
