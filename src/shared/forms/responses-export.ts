import type { ExportStatus } from '../settings/export-status.js';

/** The options of a responses export (the export dialog; the query of the download). */
export const RESPONSE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ResponseExportFormat = (typeof RESPONSE_EXPORT_FORMATS)[number];
/**
 * What a download holds: a CSV or an XLSX, or, for a CSV of a form with repeat groups, a zip of
 * CSVs (the responses' and one per repeat group, as ODK Central and Kobo download them).
 */
export type ResponseExportFileType = ResponseExportFormat | 'zip';

export interface ResponseExportOptions {
  format: ResponseExportFormat;
  /** choice answers as their stored values or their labels (in the form's default language) */
  content: 'values' | 'labels';
  /** multiple choice: one column joined with `;`, or one 0/1 column per choice (`q/choice`) */
  multiple: 'joined' | 'columns';
}
/** The list filters an export may carry (read leniently, as the list reads them). */
export const RESPONSE_EXPORT_FILTERS = [
  'flag',
  'wave',
  'version',
  'status',
  'from',
  'to',
  'deleted',
] as const;

/** The character joining the choices of a multiple choice answer in one cell. */
export const JOIN = ';';

/** Exports of more matching responses than this run as a background job (RESPONSE_EXPORT_JOB_THRESHOLD). */
export const RESPONSE_EXPORT_JOB_THRESHOLD = 5000;

/** forms/response-export: one background export of a form's responses. */
export interface ResponseExportView {
  id: string;
  format: ResponseExportFormat;
  /** what the download is (a CSV export of a form with repeat groups is a zip); null while none */
  fileType: ResponseExportFileType | null;
  options: ResponseExportOptions;
  status: ExportStatus;
  progress: { done: number; total: number } | null;
  byteSize: number | null;
  failure: string | null;
  createdAt: string;
  expiresAt: string | null;
  /** set while the file can be downloaded */
  downloadHref: string | null;
}
