/**
 * What this process knows of a form's latest responses: the ones it stored itself, with gapless
 * numbers in (floor, next]. The public submit's short path (submit.use-cases.ts, `storeOptimistic`)
 * reads a form's responses without the form's lock, in the batch's first stage; by the time the
 * batch is written, the batches of this process committed since that read are known only here.
 * With them the short path numbers its responses after theirs and judges retries and duplicates
 * against them too, and its write checks in the database that the form's last number is still the
 * one it expects: anything else wrote meanwhile, and the batch is stored again under the lock.
 */

/** A response this process stored (or is storing), as the retry and duplicate rules compare it. */
export interface RecentResponse {
  seq: number;
  id: string;
  clientId: string;
  hash: string;
  stakeholderId: string | null;
  wave: string | null;
  fingerprint: string | null;
}

interface Memory {
  /** every response numbered above this one, up to `next`, is in `rows` */
  floor: number;
  next: number;
  rows: RecentResponse[];
}

/** Kept per form: enough for the batches in flight many times over. */
const ROWS_MAX = 2_000;
const FORMS_MAX = 500;
/** After the short path missed, this many commits of the form take the lock first. */
const COOL_DOWN = 20;

const memories = new Map<string, Memory>();
const cooling = new Map<string, number>();

/**
 * After a read that saw the form's last number `seen`: the number the next response follows, and
 * the responses this process stored above `seen`; null when responses above `seen` may be another
 * writer's (they are read under the lock instead).
 */
export function sinceRead(
  formId: string,
  seen: number,
): { base: number; later: RecentResponse[] } | null {
  const m = memories.get(formId);
  if (!m || m.next <= seen) return { base: seen, later: [] };
  if (seen < m.floor) return null;
  return { base: m.next, later: m.rows.filter((r) => r.seq > seen) };
}

/** Responses numbered from `base` + 1 on are stored (or are being stored) by this process. */
export function remember(formId: string, base: number, rows: RecentResponse[]) {
  const m = memories.get(formId);
  if (m && m.next === base) {
    m.rows.push(...rows);
    m.next = base + rows.length;
    if (m.rows.length > ROWS_MAX) {
      const dropped = m.rows.splice(0, m.rows.length - ROWS_MAX);
      m.floor = dropped[dropped.length - 1].seq;
    }
    return;
  }
  if (!m && memories.size >= FORMS_MAX) memories.clear();
  memories.set(formId, { floor: base, next: base + rows.length, rows: rows.slice(-ROWS_MAX) });
  if (rows.length > ROWS_MAX) memories.get(formId)!.floor = base + rows.length - ROWS_MAX;
}

/** The short path missed on this form: what is remembered may be wrong; take the lock for a while. */
export function missed(formId: string) {
  memories.delete(formId);
  if (cooling.size >= FORMS_MAX) cooling.clear();
  cooling.set(formId, COOL_DOWN);
}

/** May this commit of the form take the short path (counts down a cool-down)? */
export function shortPathOpen(formId: string): boolean {
  const n = cooling.get(formId);
  if (!n) return true;
  if (n <= 1) cooling.delete(formId);
  else cooling.set(formId, n - 1);
  return false;
}
