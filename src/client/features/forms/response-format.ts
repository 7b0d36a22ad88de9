import { plural } from '@shared/format/plural';

/** How the responses pages show a review status and an answer. */
export const STATUS_COLOR = {
  received: 'gray',
  approved: 'green',
  has_issues: 'yellow',
  rejected: 'red',
} as const;

export const showAnswer = (v: unknown): string =>
  v === undefined || v === null
    ? ''
    : Array.isArray(v)
      ? // a repeat group's instances: how many (each is a row of the repeat's dataset)
        v.some((x) => typeof x === 'object' && x !== null)
        ? plural(v.length, 'entry', 'entries')
        : v.join(', ')
      : v === true
        ? 'Yes'
        : typeof v === 'object'
          ? (geoText(v as Record<string, unknown>) ??
            fileText(v as Record<string, unknown>) ??
            Object.entries(v)
              .map(([k, x]) => `${k}: ${showAnswer(x)}`)
              .join('; '))
          : String(v);

/** A file answer: its name (the thumbnail and download are FileAnswerView's), or null. */
function fileText(v: Record<string, unknown>): string | null {
  return typeof v.fileId === 'string' && typeof v.name === 'string' ? v.name : null;
}

/** A geopoint answer: "lat, lon (± accuracy m)", or null when it is not one. */
function geoText(v: Record<string, unknown>): string | null {
  if (typeof v.lat !== 'number' || typeof v.lon !== 'number') return null;
  return `${v.lat}, ${v.lon}${typeof v.accuracy === 'number' ? ` (± ${v.accuracy} m)` : ''}`;
}

/** An answer as the respondent saw it: a choice's label, Yes/No, a list joined. */
export function answerText(
  q:
    | {
        type: string;
        choices: Array<{ value: string; label: string }>;
        rows?: Array<{ value: string; label: string }>;
      }
    | undefined,
  v: unknown,
): string {
  if (!q) return showAnswer(v);
  if (q.type === 'matrix' && v && typeof v === 'object' && !Array.isArray(v)) {
    const a = v as Record<string, unknown>;
    // each row with its scale label, in the question's row order
    return (q.rows ?? [])
      .filter((r) => a[r.value] !== undefined)
      .map(
        (r) =>
          `${r.label}: ${q.choices.find((c) => c.value === a[r.value])?.label ?? showAnswer(a[r.value])}`,
      )
      .join('; ');
  }
  if (q.type === 'ranking' && Array.isArray(v))
    return v
      .map((x, i) => `${i + 1}. ${q.choices.find((c) => c.value === x)?.label ?? showAnswer(x)}`)
      .join(', ');
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
