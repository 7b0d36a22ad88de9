import type { Answers } from './answers.js';
import { isInstance } from '../expressions/index.js';

type AnswerValue = Answers[string];
/**
 * One answer an edit changed: its previous and new value (null: not answered). Inside a repeat
 * group the key is the answer's path: `members[2].age` (a cell of the second instance), or
 * `members[3]` (an instance added or removed: its whole answers), at any depth
 * (`members[2].visits[1].clinic`).
 */
export interface AnswerChange {
  key: string;
  from: AnswerValue | Answers | null;
  to: AnswerValue | Answers | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const isInstanceList = (v: unknown): v is Answers[] =>
  Array.isArray(v) && v.length > 0 && v.every(isInstance);
const listOf = (v: unknown): Answers[] => (isInstanceList(v) ? v : []);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A repeat's changes, instance by instance: a cell that changed, an instance added or removed; a
 * repeat inside an instance the same way, one level down.
 */
function instanceChanges(
  key: string,
  before: Answers[],
  after: Answers[],
  rank: (k: string) => number,
): AnswerChange[] {
  const out: AnswerChange[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [b, a] = [before[i], after[i]];
    const at = `${key}[${i + 1}]`;
    if (!b || !a) {
      out.push({ key: at, from: b ?? null, to: a ?? null });
      continue;
    }
    const inner = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort(
      (x, y) => rank(x) - rank(y) || byText(x, y),
    );
    for (const k of inner) {
      if (same(b[k], a[k])) continue;
      // a repeat inside the instance: its own instances, cell by cell (`members[2].visits[1].clinic`)
      if (isInstanceList(b[k]) || isInstanceList(a[k]))
        out.push(...instanceChanges(`${at}.${k}`, listOf(b[k]), listOf(a[k]), rank));
      else out.push({ key: `${at}.${k}`, from: b[k] ?? null, to: a[k] ?? null });
    }
  }
  return out;
}

/** The question key a change's key belongs to: `members[2].age` -> `members`, `x__other` -> `x`. */
const changeBase = (key: string) => key.replace(/\[.*$/, '').split('__')[0];

/**
 * What an edit changes, key by key, in the order of `order` (the form's question keys, a repeat's
 * own among them); a repeat group's answer (a list of instances) is compared instance by instance,
 * cell by cell.
 */
export function answerChanges(
  before: Answers,
  after: Answers,
  order: string[] = [],
): AnswerChange[] {
  const rank = (k: string) => {
    const i = order.indexOf(changeBase(k));
    return i < 0 ? order.length : i;
  };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => rank(a) - rank(b) || byText(a, b),
  );
  return keys
    .filter((k) => !same(before[k], after[k]))
    .flatMap((k) => {
      const [b, a] = [before[k], after[k]];
      if (isInstanceList(b) || isInstanceList(a))
        return instanceChanges(k, listOf(b), listOf(a), rank);
      return [{ key: k, from: b ?? null, to: a ?? null }];
    });
}
