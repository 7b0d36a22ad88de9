import { createContext, useContext } from 'react';
import {
  englishText,
  pageLanguageOf,
  type PageLanguage,
  type PageText,
} from '@shared/forms/page-text/format';

/** Each catalogue is a chunk of its own: the page downloads only its language's words. */
const LOADERS: Record<Exclude<PageLanguage, 'en'>, () => Promise<PageText>> = {
  fr: () => import('@shared/forms/page-text/fr').then((m) => m.fr),
  es: () => import('@shared/forms/page-text/es').then((m) => m.es),
  pt: () => import('@shared/forms/page-text/pt').then((m) => m.pt),
  'pt-PT': () => import('@shared/forms/page-text/pt-PT').then((m) => m.ptPT),
  sw: () => import('@shared/forms/page-text/sw').then((m) => m.sw),
  ar: () => import('@shared/forms/page-text/ar').then((m) => m.ar),
};

/** The page's own words for a form language (English when it has no catalogue or fails to load). */
export function loadPageText(lang: string): Promise<PageText> {
  const l = pageLanguageOf(lang);
  return l === 'en' ? Promise.resolve(englishText) : LOADERS[l]().catch(() => englishText);
}

export const PageTextContext = createContext<PageText>(englishText);
/** The words of the page's current language. */
export const usePageText = () => useContext(PageTextContext);
