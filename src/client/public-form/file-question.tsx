import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { QuestionDef } from '@shared/forms/questions';
import {
  acceptOf,
  pickedFileType,
  checkFile,
  fileSettings,
  formatSize,
  isImageType,
  PENDING_FILE_ID,
} from '@shared/forms/files';
import { isFileDraft, type DraftValue } from './storage';
import classes from './public-form.module.css';
import { say } from '@shared/forms/page-text/format';
import { usePageText } from './page-text';

/** A chosen file's object URL while it is shown (revoked when it changes or goes). */
function usePreview(blob: Blob | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/**
 * A file or photo question: choose (or take, on a phone) a file, see it, remove or replace it. The
 * file stays on the device with the draft and the outbox item (IndexedDB) until it is uploaded.
 */
export function FileQuestion({
  q,
  value,
  error,
  set,
  inputId,
  label,
}: {
  q: QuestionDef;
  value: DraftValue | undefined;
  error?: string;
  set: (key: string, value: DraftValue) => void;
  inputId: string;
  label: ReactNode;
}) {
  const settings = fileSettings(q);
  const file = isFileDraft(value) ? value : null;
  const preview = usePreview(file && isImageType(file.type) ? file.blob : null);
  const t = usePageText();
  const [refused, setRefused] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const photo = settings.kinds === 'photo';

  const choose = (f: File | undefined) => {
    if (!f) return;
    const type = pickedFileType(settings, f.type);
    // the same checks the server makes on the answer (size, accepted type), before anything is kept
    const checked = checkFile(q, { fileId: PENDING_FILE_ID, name: f.name, size: f.size, type }, t);
    if (checked.error) {
      setRefused(checked.error);
      return;
    }
    setRefused('');
    set(q.key, { kind: 'file', blob: f, name: f.name, size: f.size, type });
  };
  const shownError = refused || error;
  const ids = { hint: `${inputId}-hint`, limits: `${inputId}-limits`, error: `${inputId}-error` };
  const describedBy = [q.hint ? ids.hint : null, ids.limits, shownError ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes.question}>
      {label}
      {q.hint && (
        <p className={classes.hint} id={ids.hint}>
          {q.hint}
        </p>
      )}
      <p className={classes.hint} id={ids.limits}>
        {say(t, 'fileLimits', {
          kind: say(
            t,
            photo
              ? 'filePhotoKind'
              : settings.kinds === 'document'
                ? 'fileDocumentKind'
                : settings.kinds === 'audio'
                  ? 'fileAudioKind'
                  : 'fileAnyKind',
          ),
          mb: settings.maxMb,
        })}
      </p>
      {file && (
        <div className={classes.filePicked}>
          {preview && (
            <img
              src={preview}
              alt={say(t, 'filePreview', { name: file.name })}
              className={classes.fileThumb}
            />
          )}
          <p className={classes.hint}>
            {file.name} · {formatSize(file.size)}
          </p>
        </div>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        className={classes.fileInput}
        accept={photo ? 'image/*' : acceptOf(settings)}
        {...(photo ? { capture: 'environment' as const } : {})}
        aria-describedby={describedBy}
        aria-invalid={shownError ? true : undefined}
        onChange={(e) => {
          choose(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {/* the native input's "No file chosen" would contradict the preview: a button-like label instead */}
      <label htmlFor={inputId} className={classes.filePick} aria-hidden="true">
        {say(
          t,
          file
            ? photo
              ? 'fileReplacePhoto'
              : 'fileReplace'
            : photo
              ? 'fileTakePhoto'
              : 'fileChoose',
        )}
      </label>
      {file && (
        <button
          type="button"
          className={classes.secondary}
          onClick={() => {
            setRefused('');
            set(q.key, '');
            input.current?.focus();
          }}
        >
          {say(t, photo ? 'fileRemovePhoto' : 'fileRemove')}
        </button>
      )}
      {shownError && (
        <p className={classes.error} id={ids.error} role={refused ? 'alert' : undefined}>
          {shownError}
        </p>
      )}
    </div>
  );
}
