/** Every catalogue of the public form page's own words (the server's; the page loads only one). */
import { ar } from './ar.js';
import { en } from './en.js';
import { es } from './es.js';
import { pageLanguageOf, type PageLanguage, type PageText } from './format.js';
import { fr } from './fr.js';
import { pt } from './pt.js';
import { ptPT } from './pt-PT.js';
import { sw } from './sw.js';

export const PAGE_TEXTS: Record<PageLanguage, PageText> = {
  en,
  fr,
  es,
  pt,
  'pt-PT': ptPT,
  sw,
  ar,
};

/** The words for a form language (`fr-CA` -> French, `pt-PT` -> European Portuguese; a language without a catalogue -> English). */
export const pageTextFor = (lang: string | null | undefined): PageText =>
  PAGE_TEXTS[pageLanguageOf(lang)];
