import type { QuestionType } from '../../../shared/forms/questions.js';
import type { SheetRow } from './xlsform.map.js';

/** The XLSForm vocabulary the importer reads: types, yes/no texts, translated columns, names. */
/** ODK metadata: recorded by the collecting device, not asked; skipped with a note. */
export const METADATA = new Set([
  'start',
  'end',
  'today',
  'deviceid',
  'subscriberid',
  'simserial',
  'phonenumber',
  'username',
  'email',
  'audit',
  'start-geopoint',
  'background-geopoint',
]);
export const UNSUPPORTED: Record<string, string> = {
  geotrace: 'Location (geotrace) questions are not supported.',
  geoshape: 'Location (geoshape) questions are not supported.',
  video: 'Video uploads are not supported yet.',
  'background-audio': 'Background audio is not supported.',
  select_one_from_file: 'Choices from an external file are not supported.',
  select_multiple_from_file: 'Choices from an external file are not supported.',
  'xml-external': 'External data is not supported.',
  'csv-external': 'External data is not supported.',
};
export const SIMPLE: Record<string, QuestionType> = {
  text: 'short_text',
  string: 'short_text',
  integer: 'integer',
  int: 'integer',
  decimal: 'decimal',
  range: 'range',
  // a web form cannot scan: the code is typed or pasted (as Enketo does)
  barcode: 'short_text',
  note: 'note',
  acknowledge: 'acknowledge',
  trigger: 'acknowledge',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  geopoint: 'geopoint',
  calculate: 'calculate',
  hidden: 'hidden',
  // a photo (ODK's image) or a PDF (ODK's file, which takes any file: here a photo or a PDF)
  image: 'file',
  file: 'file',
  audio: 'file',
};
/** Our types an export marks in the `pathways_type` column (XLSForm has no exact equivalent). */
export const COMPATIBLE: Partial<Record<QuestionType, QuestionType[]>> = {
  short_text: ['long_text', 'email', 'phone'],
  integer: ['rating', 'nps'],
  single_choice: ['yes_no', 'dropdown', 'matrix'],
};

export const TRUE_TEXT = new Set(['yes', 'true', 'true()', '1', 'y']);
export const FALSE_TEXT = new Set(['', 'no', 'false', 'false()', '0', 'n']);
export const CHOICE_VALUE_RE = /^[A-Za-z0-9_.-]{1,64}$/;

/** `label::English (en)` / `label::fr` -> { base: 'label', lang: 'en' | 'fr' | 'english' } */
export function splitColumn(col: string): { base: string; lang: string | null } {
  const [base, ...rest] = col.split('::');
  if (!rest.length) return { base: base.trim(), lang: null };
  return { base: base.trim(), lang: langCode(rest.join('::')) };
}
/** "English (en)" -> en; "fr" -> fr; "English" -> english */
export function langCode(text: string): string {
  const m = /\(([A-Za-z-]{2,10})\)\s*$/.exec(text);
  return (m ? m[1] : text).trim().toLowerCase();
}

export function columnsOf(rows: SheetRow[]) {
  const cols = new Set<string>();
  for (const r of rows) for (const c of Object.keys(r.cells)) cols.add(c);
  return [...cols];
}

/** The text of a (possibly translated) column: the plain column, else the chosen language's. */
export function translated(
  cells: Record<string, string>,
  base: string,
  lang: string | null,
): string {
  const plain = cells[base]?.trim();
  if (plain) return plain;
  if (lang)
    for (const [col, v] of Object.entries(cells)) {
      const s = splitColumn(col);
      if (s.base === base && s.lang === lang && v.trim()) return v.trim();
    }
  return '';
}

export function sanitiseKey(name: string): string {
  const k = name
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63)
    .replace(/_+$/, '');
  return /^[a-z]/.test(k) ? k : `q_${k || 'question'}`.slice(0, 63);
}

export function parseType(raw: string) {
  const parts = raw.trim().split(/\s+/);
  const head = parts[0]?.toLowerCase() ?? '';
  return { head, list: parts[1] ?? null, orOther: parts[2]?.toLowerCase() === 'or_other' };
}
