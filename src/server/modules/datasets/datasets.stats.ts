import type { ColumnType } from '../../../shared/datasets/column-types.js';

/**
 * Per-column stats gathered while an import streams its converted values (the text COPY reads),
 * so `computeStats` need not scan the version's table again for what is known exactly:
 * - nulls: always (every empty or failed value is written as null);
 * - distinct: when the value's text identifies it as PostgreSQL's equality does (integer, date,
 *   boolean, decimal without exponent once normalized, well-formed text and category), up to
 *   DISTINCT_TRACKED values per column (beyond that, or for datetime, the database counts);
 * - min/max: integer, decimal (without exponent) and date, compared as the database would; the
 *   database still formats them (`$1::<type>::text`), and text, category and datetime are left to
 *   it (their order depends on the collation and on the session's time zone).
 * On a tie PostgreSQL's min/max keep the value seen last (numeric_smaller/larger): so does this.
 */

/** Distinct values tracked per column before the count is left to the database (memory bound) */
const DISTINCT_TRACKED = 250_000;

type Kind = 'integer' | 'decimal' | 'date' | 'boolean' | 'text' | 'none';

const kindOf = (t: ColumnType): Kind =>
  t === 'integer' || t === 'decimal' || t === 'date' || t === 'boolean'
    ? t
    : t === 'text' || t === 'category'
      ? 'text'
      : 'none';

/** What the stream knows of one column; undefined: the database computes it */
export interface KnownStats {
  nulls: number;
  distinct?: number;
  /** the values (as written to COPY, unformatted) holding the minimum and maximum */
  min?: string | null;
  max?: string | null;
}

/** A decimal's value as a comparable key: sign, integer digits, fraction digits (no exponent) */
function decimalKey(v: string): string | null {
  let i = 0;
  let neg = false;
  if (v.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
  }
  const dot = v.indexOf('.', i);
  let int = dot < 0 ? v.slice(i) : v.slice(i, dot);
  let frac = dot < 0 ? '' : v.slice(dot + 1);
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac)) return null; // exponent or anything unexpected
  int = int.replace(/^0+/, '');
  frac = frac.replace(/0+$/, '');
  if (!int && !frac) return '0';
  return `${neg ? '-' : ''}${int}.${frac}`;
}

/** Compare two decimal keys (from decimalKey) by value */
function compareDecimal(a: string, b: string): number {
  const na = a.charCodeAt(0) === 45;
  const nb = b.charCodeAt(0) === 45;
  if (na !== nb) return na ? -1 : 1;
  const sign = na ? -1 : 1;
  const [ai, af = ''] = (na ? a.slice(1) : a === '0' ? '.' : a).split('.');
  const [bi, bf = ''] = (nb ? b.slice(1) : b === '0' ? '.' : b).split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -sign : sign;
  if (ai !== bi) return ai < bi ? -sign : sign;
  if (af === bf) return 0;
  return af < bf ? -sign : sign;
}

function compareInteger(a: string, b: string): number {
  if (a.length <= 15 && b.length <= 15) return Number(a) - Number(b);
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** in a `u` pattern a well-formed pair is one code point: this finds lone surrogates only */
const LONE_SURROGATE = /\p{Cs}/u;

class ColumnStats {
  nulls = 0;
  private seen: Set<string> | null = new Set();
  private ordered: boolean;
  private min: string | null = null;
  private max: string | null = null;
  private minKey = '';
  private maxKey = '';

  constructor(private kind: Kind) {
    this.ordered = kind === 'integer' || kind === 'decimal' || kind === 'date';
    if (kind === 'none') this.seen = null;
  }

  add(v: string | null) {
    if (v === null) {
      this.nulls++;
      return;
    }
    if (!this.seen && !this.ordered) return;
    let key = v;
    if (this.kind === 'decimal') {
      const k = decimalKey(v);
      if (k === null) return this.giveUp();
      key = k;
    } else if (this.kind === 'date') {
      if (!DATE.test(v)) return this.giveUp();
    } else if (this.kind === 'text' && LONE_SURROGATE.test(v)) {
      // a lone surrogate is stored as U+FFFD: its text no longer tells it from another
      this.seen = null;
      return;
    }
    if (this.seen) {
      this.seen.add(key);
      if (this.seen.size > DISTINCT_TRACKED) this.seen = null;
    }
    if (this.ordered) {
      if (this.min === null) {
        this.min = this.max = v;
        this.minKey = this.maxKey = key;
        return;
      }
      if (this.compare(key, this.minKey) <= 0) [this.min, this.minKey] = [v, key];
      if (this.compare(key, this.maxKey) >= 0) [this.max, this.maxKey] = [v, key];
    }
  }

  private compare(a: string, b: string): number {
    if (this.kind === 'integer') return compareInteger(a, b);
    if (this.kind === 'decimal') return compareDecimal(a, b);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  private giveUp() {
    this.seen = null;
    this.ordered = false;
    this.kind = 'none';
  }

  result(): KnownStats {
    const out: KnownStats = { nulls: this.nulls };
    if (this.seen) out.distinct = this.seen.size;
    if (this.ordered) {
      out.min = this.min;
      out.max = this.max;
    }
    return out;
  }
}

/** One collector per import run: `add(i, value)` for column i's converted value, in row order */
export class StreamStats {
  private cols: ColumnStats[];

  constructor(types: ColumnType[]) {
    this.cols = types.map((t) => new ColumnStats(kindOf(t)));
  }

  add(i: number, v: string | null) {
    this.cols[i].add(v);
  }

  /** The known stats by column position */
  results(): KnownStats[] {
    return this.cols.map((c) => c.result());
  }
}
