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
