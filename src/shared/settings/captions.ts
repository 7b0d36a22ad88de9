/**
 * Captions text as WebVTT for a <track>: WebVTT as it is, SRT converted (its numbered cues and
 * comma decimals), anything else null (shown as text only). Zod-free, pure.
 */
export function toWebVtt(text: string | null | undefined): string | null {
  if (!text) return null;
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (/^WEBVTT\b/.test(t)) return `${t}\n`;
  const cue = /^\d+\n(\d{1,2}:)?\d{2}:\d{2}[,.]\d{3} --> (\d{1,2}:)?\d{2}:\d{2}[,.]\d{3}/m;
  if (!cue.test(t)) return null;
  const body = t.replace(
    /(\d{2}:\d{2}),(\d{3}) --> ((?:\d{1,2}:)?\d{2}:\d{2}),(\d{3})/g,
    '$1.$2 --> $3.$4',
  );
  return `WEBVTT\n\n${body}\n`;
}
