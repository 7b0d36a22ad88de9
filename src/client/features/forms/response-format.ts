/** How the responses pages show a review status and an answer. */
export const STATUS_COLOR = {
  received: 'gray',
  approved: 'green',
  has_issues: 'yellow',
  rejected: 'red',
} as const;

export const showAnswer = (v: unknown) =>
  v === undefined || v === null
    ? ''
    : Array.isArray(v)
      ? v.join(', ')
      : v === true
        ? 'Yes'
        : String(v);

/** An answer as the respondent saw it: a choice's label, Yes/No, a list joined. */
export function answerText(
  q: { type: string; choices: Array<{ value: string; label: string }> } | undefined,
  v: unknown,
): string {
  if (!q) return showAnswer(v);
  const label = (x: unknown) =>
    q.type === 'yes_no'
      ? x === 'yes'
        ? 'Yes'
        : x === 'no'
          ? 'No'
          : showAnswer(x)
      : (q.choices.find((c) => c.value === x)?.label ?? showAnswer(x));
  return Array.isArray(v) ? v.map(label).join(', ') : v === undefined || v === null ? '' : label(v);
}
