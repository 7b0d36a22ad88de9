/**
 * File / photo questions (zod-free: the public form page imports it). The settings live in the
 * question's `validation` (`fileKinds`, `maxSizeMb`); the answer is what the upload route returned:
 * `{ fileId, name, size, type }`, the file itself stored with the response on the server.
 */
import type { QuestionDef } from './questions.js';
import { formatNumber } from '../format/number.js';
import { englishText, say, type PageText } from './page-text/format.js';

export const FILE_KINDS = ['photo', 'document', 'any', 'audio'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  photo: 'Photo (JPEG, PNG, WebP)',
  document: 'Document (PDF)',
  any: 'Photo or PDF document',
  audio: 'Audio recording (MP3, M4A, Ogg, WAV, WebM)',
};

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const DOCUMENT_TYPES = ['application/pdf'] as const;
/** What phones and browsers record (the server reads the type from the bytes: audio-sniff.ts). */
const AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'audio/webm'] as const;
type FileType =
  (typeof PHOTO_TYPES)[number] | (typeof DOCUMENT_TYPES)[number] | (typeof AUDIO_TYPES)[number];

/** The size limit when the builder sets none, and the most it may set (MB). */
export const FILE_MAX_MB_DEFAULT = 10;
export const FILE_MAX_MB_CAP = 25;
export const MB = 1024 * 1024;

/** A file question's answer: the upload's id and what it is. */
export type FileAnswer = {
  fileId: string;
  name: string;
  size: number;
  type: string;
};

/** The id a chosen file carries on the device until its upload returns the real one. */
export const PENDING_FILE_ID = '00000000-0000-4000-8000-000000000000';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAME_CAP = 255;

export interface FileSettings {
  kinds: FileKind;
  maxMb: number;
  types: readonly FileType[];
}

/** A question's accepted kinds, types and size limit (defaults: photos, 10 MB; never above 25 MB). */
export function fileSettings(q: Pick<QuestionDef, 'validation'>): FileSettings {
  const kinds = q.validation.fileKinds ?? 'photo';
  const mb = q.validation.maxSizeMb ?? FILE_MAX_MB_DEFAULT;
  const maxMb = Math.min(Math.max(1, Math.floor(mb)), FILE_MAX_MB_CAP);
  const types: FileType[] = [];
  if (kinds === 'audio') types.push(...AUDIO_TYPES);
  if (kinds === 'photo' || kinds === 'any') types.push(...PHOTO_TYPES);
  if (kinds === 'document' || kinds === 'any') types.push(...DOCUMENT_TYPES);
  return { kinds, maxMb, types };
}

/** The file input's `accept`: phones offer the camera for photos, the recorder for audio. */
export const acceptOf = (s: FileSettings) =>
  s.kinds === 'photo'
    ? 'image/jpeg,image/png,image/webp'
    : s.kinds === 'audio'
      ? 'audio/*'
      : s.types.join(',');

const KIND_TEXT = {
  photo: 'kindPhoto',
  document: 'kindDocument',
  any: 'kindAny',
  audio: 'kindAudio',
} as const;
const kindText = (s: FileSettings, t: PageText) => say(t, KIND_TEXT[s.kinds]);

export const wrongTypeMessage = (s: FileSettings, t: PageText = englishText) =>
  say(t, 'fileWrongType', { kind: kindText(s, t) });
export const tooLargeMessage = (s: FileSettings, t: PageText = englishText) =>
  say(t, 'fileTooLarge', { mb: s.maxMb });

/** `1.2 MB`, `340 KB`, `12 bytes` */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${formatNumber(bytes / MB, 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file answer: an upload id, a name, a size within the question's limit, an accepted type. */
export function checkFile(
  q: QuestionDef,
  raw: unknown,
  t: PageText = englishText,
): { value?: FileAnswer; error?: string } {
  const s = fileSettings(q);
  if (!isObject(raw) || typeof raw.fileId !== 'string' || !UUID_RE.test(raw.fileId))
    return { error: say(t, 'fileAttach', { kind: kindText(s, t) }) };
  const name = typeof raw.name === 'string' ? raw.name.trim().slice(0, NAME_CAP) : '';
  if (!name) return { error: say(t, 'fileNoName') };
  const size = raw.size;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1)
    return { error: say(t, 'fileEmpty') };
  if (size > s.maxMb * MB) return { error: tooLargeMessage(s, t) };
  if (typeof raw.type !== 'string' || !(s.types as readonly string[]).includes(raw.type))
    return { error: wrongTypeMessage(s, t) };
  return { value: { fileId: raw.fileId, name, size, type: raw.type } };
}

export const isImageType = (t: string) => (PHOTO_TYPES as readonly string[]).includes(t);
export const isAudioType = (t: string) => (AUDIO_TYPES as readonly string[]).includes(t);

/** Names browsers give recordings for the types we keep (iOS's m4a, Android's 3gpp, ...). */
const AUDIO_ALIASES: Record<string, (typeof AUDIO_TYPES)[number]> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/3gpp': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/opus': 'audio/ogg',
};

/**
 * The type the page checks a chosen file by: the browser's, except that for an audio question any
 * recording (`audio/...`, or no type) counts as one of ours by its usual name: the server reads the
 * real type from the bytes on upload, refuses what is not one, and keeps what it read.
 */
export function pickedFileType(s: FileSettings, browserType: string): string {
  const type = browserType || 'application/octet-stream';
  if (s.kinds !== 'audio') return type;
  if (isAudioType(type)) return type;
  return AUDIO_ALIASES[type] ?? (type.startsWith('audio/') || !browserType ? 'audio/mpeg' : type);
}
