import path from 'node:path';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { ValidationError, notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { removeStored, uploadPath } from '../../platform/files/uploads.js';
import type { GuestUseCase } from '../../platform/use-case/index.js';
import type { Answers } from '../../../shared/forms/answers.js';
import type { FileAnswer } from '../../../shared/forms/files.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { formFiles, formResponses } from './forms.tables.js';

/** An upload never attached to a response is deleted this long after it arrived. */
const UNATTACHED_RETENTION_MS = 24 * 60 * 60 * 1000;

const owner = (formId: string) => `form-${formId}`;
/** `<dataDir>/uploads/form-<form>/<file>` (the platform's upload storage) */
export const formFilePath = (dataDir: string, formId: string, fileId: string) =>
  uploadPath(dataDir, owner(formId), fileId);
const storedOf = (formId: string, fileId: string) =>
  path.posix.join('uploads', owner(formId), fileId);

type NewUpload = {
  id: string;
  teamId: string;
  formId: string;
  questionKey: string;
  name: string;
  size: number;
  contentType: string;
};

/** A respondent's upload, recorded unattached (the submission attaches it). */
export async function recordUpload(uc: GuestUseCase, f: NewUpload): Promise<FileAnswer> {
  uc.unaudited(
    'a respondent’s upload is part of their response, kept with it; the audit log records what team members do',
  );
  await uc.tx.insert(formFiles).values({ ...f, storedPath: storedOf(f.formId, f.id) });
  return { fileId: f.id, name: f.name, size: f.size, type: f.contentType };
}

const NOT_RECEIVED = 'This file was not received: remove it and attach it again.';

/**
 * The file answers of a submission, as the server stored them: each file id must be an upload to
 * this form for this question, not attached to another response (a retry of the same response,
 * `clientId`, may name its own files again). The name, size and type come from the stored row, not
 * from what was sent. Refused on the question's key.
 */
export async function resolveFiles(
  tx: Db,
  formId: string,
  clientId: string,
  questions: QuestionDef[],
  values: Answers,
): Promise<{ values: Answers; fileIds: string[] }> {
  const keys = questions.filter((q) => q.type === 'file' && values[q.key] !== undefined);
  if (!keys.length) return { values, fileIds: [] };
  const wanted = keys.map((q) => (values[q.key] as FileAnswer).fileId);
  const rows = await tx
    .select({ file: formFiles, clientId: formResponses.clientId })
    .from(formFiles)
    .leftJoin(formResponses, eq(formResponses.id, formFiles.responseId))
    .where(and(eq(formFiles.formId, formId), inArray(formFiles.id, wanted)));
  const byId = new Map(rows.map((r) => [r.file.id, r]));
  const errors: Record<string, string> = {};
  const out: Answers = { ...values };
  for (const q of keys) {
    const id = (values[q.key] as FileAnswer).fileId;
    const r = byId.get(id);
    const mine =
      r && r.file.questionKey === q.key && (!r.file.responseId || r.clientId === clientId);
    if (!r || !mine || wanted.indexOf(id) !== wanted.lastIndexOf(id)) {
      errors[q.key] = NOT_RECEIVED;
      continue;
    }
    out[q.key] = { fileId: id, name: r.file.name, size: r.file.size, type: r.file.contentType };
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, 'Some answers need attention.');
  return { values: out, fileIds: wanted };
}

/** Tie the uploads to the response just stored (same transaction as the response). */
export async function attachFiles(tx: Db, responseId: string, fileIds: string[]) {
  if (!fileIds.length) return;
  await tx
    .update(formFiles)
    .set({ responseId })
    .where(and(inArray(formFiles.id, fileIds), isNull(formFiles.responseId)));
}

/** The files of the responses about to be deleted for good: their rows now, their bytes after the commit. */
export async function removeResponseFiles(
  uc: { tx: Db; ctx: AppContext; afterCommit(fn: () => Promise<unknown>): void },
  responseIds: string[],
) {
  if (!responseIds.length) return;
  const gone = await uc.tx
    .delete(formFiles)
    .where(inArray(formFiles.responseId, responseIds))

    .returning({ id: formFiles.id, formId: formFiles.formId });
  const dataDir = uc.ctx.config.dataDir;
  if (gone.length)
    uc.afterCommit(async () => {
      for (const g of gone) await removeStored(formFilePath(dataDir, g.formId, g.id));
    });
}

/** Delete the uploads never attached within a day (as of `now`); returns how many went. */
export async function pruneUnattachedFiles(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_RETENTION_MS);
  // row by row, and only if still unattached: a submission attaching it meanwhile keeps it
  const stale = await ctx.db
    .select({ id: formFiles.id })
    .from(formFiles)
    .where(and(isNull(formFiles.responseId), lt(formFiles.createdAt, cutoff)));
  let removed = 0;
  for (const { id } of stale) {
    const [gone] = await ctx.db
      .delete(formFiles)
      .where(and(eq(formFiles.id, id), isNull(formFiles.responseId)))
      .returning({ id: formFiles.id, formId: formFiles.formId });
    if (!gone) continue;
    await removeStored(formFilePath(ctx.config.dataDir, gone.formId, gone.id));
    removed++;
  }
  return removed;
}

/** A file of a response of the team (another team's, or an unattached upload: 404). */
export async function teamResponseFile(
  db: Db,
  teamId: string,
  responseId: unknown,
  fileId: unknown,
) {
  const [row] = await db
    .select({ file: formFiles })
    .from(formFiles)
    .where(
      and(
        eq(formFiles.id, idOr404(fileId, 'File')),
        eq(formFiles.responseId, idOr404(responseId, 'File')),
        eq(formFiles.teamId, teamId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('File');
  return row.file;
}
