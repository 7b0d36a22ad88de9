/**
 * File / photo questions (zod-free: the public form page imports it). The settings live in the
 * question's `validation` (`fileKinds`, `maxSizeMb`); the answer is what the upload route returned:
 * `{ fileId, name, size, type }`, the file itself stored with the response on the server.
 */
import type { QuestionDef } from './questions.js';
import { formatNumber } from '../format/number.js';
import { englishText, say, type PageText } from './page-text/format.js';

export const FILE_KINDS = ['photo', 'document', 'any'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  photo: 'Photo (JPEG, PNG, WebP)',
  document: 'Document (PDF)',
  any: 'Photo or PDF document',
};

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const DOCUMENT_TYPES = ['application/pdf'] as const;
type FileType = (typeof PHOTO_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];

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
  if (kinds !== 'document') types.push(...PHOTO_TYPES);
  if (kinds !== 'photo') types.push(...DOCUMENT_TYPES);
  return { kinds, maxMb, types };
}

/** The file input's `accept`: phones offer the camera for photos. */
export const acceptOf = (s: FileSettings) =>
  s.kinds === 'photo' ? 'image/jpeg,image/png,image/webp' : s.types.join(',');

const kindText = (s: FileSettings, t: PageText) =>
  say(t, s.kinds === 'photo' ? 'kindPhoto' : s.kinds === 'document' ? 'kindDocument' : 'kindAny');

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
