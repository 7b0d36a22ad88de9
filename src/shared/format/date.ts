/**
 * Dates and times for reading, in a language (Intl, no library). A form's opening and closing
 * times are wall-clock settings read as UTC ('2026-03-01' or '2026-03-01 09:30'): shown as such in
 * the respondent's language ("1 mars 2026 à 09:30"), never as the ISO text.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: string | undefined, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale ?? ''}|${JSON.stringify(opts)}`;
  let f = cache.get(id);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, opts);
    } catch {
      // a language code Intl refuses: the runtime's default language
      f = new Intl.DateTimeFormat(undefined, opts);
    }
    cache.set(id, f);
  }
  return f;
}

const SETTING_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

/**
 * A form setting's date (and time) in a language: '2021-01-01' -> "January 1, 2021" (en),
 * "1 janvier 2021" (fr); with a time also the time. Text that is not such a date comes back as it is.
 */
export function formatSettingDate(value: string, locale: string | undefined): string {
  const m = SETTING_RE.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi] = m;
  const at = new Date(Date.UTC(+y, +mo - 1, +d, h ? +h : 0, mi ? +mi : 0));
  if (Number.isNaN(at.getTime())) return value;
  return dtf(
    locale,
    h
      ? { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }
      : { dateStyle: 'long', timeZone: 'UTC' },
  ).format(at);
}

/**
 * A moment (an ISO timestamp from the server) in the reader's language and time zone: the date and
 * the time, e.g. "Mar 1, 2026, 9:30 AM" (locale undefined: the browser's own).
 */
export function formatDateTime(iso: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return dtf(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** A day (an ISO timestamp from the server) in the reader's language: "Nov 27, 2026" (en). */
export function formatDay(iso: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return dtf(locale, { dateStyle: 'medium' }).format(at);
}
