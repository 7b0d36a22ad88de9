import type { ThemeQuote, ThemeTerm } from './themes.js';

export interface ThemeView {
  id: string;
  name: string;
  size: number;
  /** 0..1 of the clustered answers */
  share: number;
  topTerms: ThemeTerm[];
  quotes: ThemeQuote[];
  /** set once the theme was turned into a code */
  code: { key: string; codebookVersion: number } | null;
}
export interface ThemeRunView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** null: chosen automatically */
  kRequested: number | null;
  k: number | null;
  silhouette: number | null;
  answered: number;
  unclustered: number;
  processed: number;
  total: number;
  engineVersion: string;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  themes: ThemeView[];
}
/** The "Themes" section of surveyholders/intelligent-column: the latest runs, newest first. */
export interface ThemesSection {
  runs: ThemeRunView[];
  /** how many runs there are in all (only the latest few are in `runs`) */
  totalRuns: number;
}
