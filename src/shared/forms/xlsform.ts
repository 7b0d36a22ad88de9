import type { FormProjectRef } from './forms.pages.js';

/** XLSForm import: what each row of the file became (the report the user reads before creating). */
export type XlsformRowStatus = 'imported' | 'converted' | 'unsupported' | 'skipped';

export interface XlsformReportRow {
  sheet: 'survey' | 'choices' | 'settings';
  /** the row number in the sheet (1 is the header row) */
  row: number;
  type: string;
  name: string;
  /** the question key it became (null: nothing was created) */
  key: string | null;
  status: XlsformRowStatus;
  /** why it was converted, skipped or not supported */
  messages: string[];
}

export interface XlsformReport {
  fileName: string;
  formTitle: string;
  language: string;
  questionsCount: number;
  counts: Record<XlsformRowStatus, number>;
  rows: XlsformReportRow[];
  /** messages about the whole file (settings, languages) */
  notes: string[];
}

export interface XlsformImportProps {
  project: FormProjectRef;
  report: XlsformReport | null;
  limits: { fileMegabytes: number };
}
