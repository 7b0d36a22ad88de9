import { z } from 'zod';

/** Theme discovery on an intelligent column (issue 12 section 3: inductive coding). */
export interface ThemeTerm {
  term: string;
  /** how much more the term weighs in the theme's answers than in the others (TF-IDF) */
  weight: number;
}
/** One of a theme's most central answers: a sentence of it, offsets into the answer's text. */
export interface ThemeQuote {
  responseId: string;
  seq: number;
  question: string;
  start: number;
  end: number;
  text: string;
}

export const THEME_COUNTS = [
  'auto',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
] as const;
export const discoverThemesSchema = z.object({
  k: z.enum(THEME_COUNTS, { error: 'Automatic, or a number of themes from 2 to 12.' }),
});
export type DiscoverThemesInput = z.infer<typeof discoverThemesSchema>;

export const themeToCodeSchema = z.object({
  label: z.string().trim().min(1, 'Give the code a label.').max(80, 'At most 80 characters.'),
});
export type ThemeToCodeInput = z.infer<typeof themeToCodeSchema>;
