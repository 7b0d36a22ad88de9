/** The longitudinal view (`survey-sources/longitudinal`): stakeholders by rows, waves side by side. */

/** A wave: a stakeholder-linked survey form's wave, or an imported dataset with a stakeholder column */
export interface LongitudinalWave {
  id: string;
  label: string;
  source: 'form' | 'dataset';
}

/** A question key or column key found in at least one wave */
export interface LongitudinalField {
  key: string;
  label: string;
  numeric: boolean;
  /** how many waves carry it */
  waves: number;
}

/** A number's change is the difference; a category's whether it changed */
export type LongitudinalChange = number | 'changed' | 'unchanged' | null;

export interface LongitudinalCell {
  value: string | number | null;
  /** against the previous wave (null on the first wave, or when either side is empty) */
  change: LongitudinalChange;
}

export interface LongitudinalRow {
  stakeholder: { id: string; code: string; name: string };
  /** field key -> one cell per wave, in the waves' order */
  cells: Record<string, LongitudinalCell[]>;
}

export interface DuplicatePair {
  a: { id: string; code: string; name: string };
  b: { id: string; code: string; name: string };
  /** why they may be the same person, in words */
  reasons: string[];
}

export interface LongitudinalProps {
  project: { id: string; name: string };
  waves: LongitudinalWave[];
  fields: LongitudinalField[];
  chosen: string[];
  rows: LongitudinalRow[];
  page: number;
  perPage: number;
  total: number;
  duplicates: DuplicatePair[];
  canMerge: boolean;
}

/** At most this many fields side by side */
export const MAX_LONGITUDINAL_FIELDS = 6;
