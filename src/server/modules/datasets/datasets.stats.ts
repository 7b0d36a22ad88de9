import type { ColumnType } from '../../../shared/datasets/column-types.js';

/**
 * Per-column stats gathered while an import streams its converted values (the text COPY reads),
 * so `computeStats` scans the version's table only for what the stream cannot know exactly
 * (a Set of every value costs more than the database's own count: the stream keeps only cheap
 * facts, one comparison or a small Set per value):
 * - nulls: always (every empty or failed value is written as null);
 * - distinct: when the values came strictly increasing (all different: the count of non-null
 *   values), or when they are few (at most DISTINCT_TRACKED, counted in a Set), for the types whose
 *   text identifies the value as PostgreSQL's equality does: integer and decimal (as numbers of at
 *   most 15 characters, no exponent: exact as doubles), date, boolean, well-formed text and
 *   category (deterministic collations compare equal only identical bytes); else the database
 *   counts (datetime always: its equality depends on the session's time zone);
 * - min/max: integer, decimal (same limits) and date; the database still formats them
 *   (`$1::<type>::text`, as its scan would). Text and category are left to it (the collation's
 *   order). On a tie PostgreSQL's min/max keep the value seen last (numeric_smaller/larger): so
 *   does this.
 * A value outside these limits (a long number, an exponent) leaves the column to the database.
 */

/** Different values counted in a Set per column before the count is left to the database */
const DISTINCT_TRACKED = 20_000;

type Kind = 'number' | 'date' | 'boolean' | 'text' | 'none';

const kindOf = (t: ColumnType): Kind =>
  t === 'integer' || t === 'decimal'
    ? 'number'
    : t === 'date' || t === 'boolean'
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

/** in a `u` pattern a well-formed pair is one code point: this finds lone surrogates only */
const LONE_SURROGATE = /\p{Cs}/u;
const EXPONENT = /[eE]/;

class ColumnStats {
  nulls = 0;
  private present = 0;
  private seen: Set<string | number> | null = new Set();
  /** every value so far greater than the one before (so all different) */
  private increasing = true;
  private ordered: boolean;
  private last: string | number | null = null;
  private min: string | null = null;
  private max: string | null = null;
  private minKey: string | number = 0;
  private maxKey: string | number = 0;

  constructor(private kind: Kind) {
    this.ordered = kind === 'number' || kind === 'date';
    if (kind === 'none') this.giveUp();
  }

  add(v: string | null) {
    if (v === null) {
      this.nulls++;
      return;
    }
    if (this.kind === 'none' || (!this.seen && !this.increasing && !this.ordered)) return;
    let key: string | number = v;
    if (this.kind === 'number') {
      if (v.length > 15 || EXPONENT.test(v)) return this.giveUp();
      key = +v;
    } else if (this.kind === 'date') {
      if (v.length !== 10) return this.giveUp(); // not YYYY-MM-DD: let the database say
    } else if (this.kind === 'text' && LONE_SURROGATE.test(v)) {
      return this.giveUp(); // stored as U+FFFD: its text no longer tells it from another
    }
    this.present++;
    if (this.increasing && this.last !== null && !(key > this.last)) this.increasing = false;
    this.last = key;
    if (this.seen) {
      this.seen.add(key);
      if (this.seen.size > DISTINCT_TRACKED) this.seen = null;
    }
    if (this.ordered) {
      if (this.min === null) {
        this.min = this.max = v;
        this.minKey = this.maxKey = key;
      } else {
        if (key <= this.minKey) [this.min, this.minKey] = [v, key];
        if (key >= this.maxKey) [this.max, this.maxKey] = [v, key];
      }
    }
  }

  private giveUp() {
    this.seen = null;
    this.increasing = false;
    this.ordered = false;
    this.kind = 'none';
  }

  result(): KnownStats {
    const out: KnownStats = { nulls: this.nulls };
    if (this.kind === 'none') return out;
    if (this.increasing) out.distinct = this.present;
    else if (this.seen) out.distinct = this.seen.size;
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

  /** The known stats, in the order of the types given */
  results(): KnownStats[] {
    return this.cols.map((c) => c.result());
  }
}
