/** How many questions the responses table shows as columns until someone picks others. */
export const DEFAULT_ANSWER_COLUMNS = 3;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** Where a browser remembers the question columns picked on one form's responses table. */
export const answerColumnsKey = (formId: string) => `pathways.responses-columns.${formId}`;

/**
 * The question keys shown as columns, in the form's order: the remembered pick (keys the form no
 * longer has are left out), else the first three questions. A damaged entry counts as no pick.
 */
export function shownAnswerKeys(saved: string | null, keys: string[]): string[] {
  if (saved !== null) {
    try {
      const picked: unknown = JSON.parse(saved);
      if (Array.isArray(picked)) {
        const set = new Set(picked.filter((k): k is string => typeof k === 'string'));
        return keys.filter((k) => set.has(k));
      }
    } catch {
      // fall through to the default
    }
  }
  return keys.slice(0, DEFAULT_ANSWER_COLUMNS);
}

/** The pick remembered for a form, as stored (read with shownAnswerKeys), or null when none. */
export function savedAnswerColumns(storage: StorageLike | null, formId: string): string | null {
  try {
    return storage?.getItem(answerColumnsKey(formId)) ?? null;
  } catch {
    return null; // storage disabled: the default columns
  }
}

/** Remember a pick for a form; returns it as stored (the pick lasts the page when storage fails). */
export function saveAnswerColumns(
  storage: StorageLike | null,
  formId: string,
  keys: string[],
): string {
  const saved = JSON.stringify(keys);
  try {
    storage?.setItem(answerColumnsKey(formId), saved);
  } catch {
    // storage full or disabled: the pick lasts until the page is left
  }
  return saved;
}
