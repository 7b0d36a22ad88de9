import path from 'node:path';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { ValidationError, notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { removeStored, uploadPath } from '../../platform/files/uploads.js';
import type { GuestUseCase, UseCase } from '../../platform/use-case/index.js';
import type { Answers } from '../../../shared/forms/answers.js';
import type { FileAnswer } from '../../../shared/forms/files.js';
import { allQuestions, repeatPath, type QuestionDef } from '../../../shared/forms/questions.js';
import { formFiles, formResponses, formVersions } from './forms.tables.js';
import { findResponse } from './forms.queries.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';
import { say, type PageText } from '../../../shared/forms/page-text/format.js';

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

/**
 * The file question a reviewer's replacement answers: one of the response's version (inside a repeat
 * too), found through the team-scoped response (another team's: 404).
 */
export async function responseFileQuestion(
  db: Db,
  teamId: string,
  responseId: unknown,
  key: string,
): Promise<{ formId: string; q: QuestionDef }> {
  const { response } = await findResponse(db, teamId, responseId);
  const [version] = await db
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.id, response.versionId));
  const q = allQuestions(version.questions).find((x) => x.key === key && x.type === 'file');
  if (!q)
    throw new ValidationError({
      question: 'This response’s form version has no such file question.',
    });
  return { formId: response.formId, q };
}

/**
 * A reviewer's replacement file for a response's file question, recorded unattached: the edit that
 * names it attaches it (an edit never saved leaves it to the daily prune of unattached uploads).
 */
export async function recordReplacementUpload(
  uc: UseCase,
  f: Omit<NewUpload, 'teamId' | 'formId'> & { responseId: string },
): Promise<FileAnswer> {
  const { response, form, project } = await findResponse(uc.tx, uc.teamId, f.responseId);
  uc.can('content.update', { project });
  if (response.deletedAt)
    throw new ValidationError({ [f.questionKey]: 'Restore this response before editing it.' });
  const { responseId: _, ...row } = f;
  await uc.tx.insert(formFiles).values({
    ...row,
    teamId: uc.teamId,
    formId: form.id,
    storedPath: storedOf(form.id, f.id),
  });
  await uc.audit({
    action: 'form_response.file_uploaded',
    subject: { type: 'form_response', id: response.id, label: `${form.name} #${response.seq}` },
    details: { question: f.questionKey, name: f.name, size: f.size },
  });
  return { fileId: f.id, name: f.name, size: f.size, type: f.contentType };
}

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
  text: PageText = pageTextFor('en'),
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
      errors[q.key] = say(text, 'fileNotReceived');
      continue;
    }
    out[q.key] = { fileId: id, name: r.file.name, size: r.file.size, type: r.file.contentType };
  }
  if (Object.keys(errors).length)
    throw new ValidationError(errors, say(text, 'answersNeedAttention'));
  return { values: out, fileIds: wanted };
}

/** Every file answer of a response, with its question and its path (`photo`, `members[2].photo`). */
function fileAnswers(questions: QuestionDef[], values: Answers) {
  const out: Array<{ path: string; key: string; answer: FileAnswer }> = [];
  for (const q of questions) {
    if (q.type === 'file' && values[q.key] !== undefined)
      out.push({ path: q.key, key: q.key, answer: values[q.key] as FileAnswer });
    const list = values[q.key];
    if (q.type === 'repeat' && Array.isArray(list))
      (list as Answers[]).forEach((inst, i) =>
        out.push(
          ...fileAnswers(q.questions ?? [], inst).map((f) => ({
            ...f,
            path: repeatPath(q.key, i, f.path),
          })),
        ),
      );
  }
  return out;
}

/** Write `answer` at `path` (`photo` or `members[2].photo`) of a copy of `values`. */
function setAt(values: Answers, path: string, answer: FileAnswer): Answers {
  const m = /^([^[]+)\[(\d+)\]\.(.+)$/.exec(path);
  if (!m) return { ...values, [path]: answer };
  const list = [...(values[m[1]] as Answers[])];
  list[Number(m[2]) - 1] = setAt(list[Number(m[2]) - 1], m[3], answer);
  return { ...values, [m[1]]: list };
}

/**
 * The file answers of an edit: each names a file of this response for the same question (kept), or
 * an upload to this form for that question not attached to any response (a replacement, attached by
 * the edit). The name, size and type come from the stored row. Anything else is refused on its path.
 */
export async function resolveEditedFiles(
  tx: Db,
  formId: string,
  responseId: string,
  questions: QuestionDef[],
  values: Answers,
): Promise<{ values: Answers; fileIds: string[] }> {
  const found = fileAnswers(questions, values);
  if (!found.length) return { values, fileIds: [] };
  const wanted = found.map((f) => f.answer.fileId);
  const rows = await tx
    .select()
    .from(formFiles)
    .where(and(eq(formFiles.formId, formId), inArray(formFiles.id, wanted)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string> = {};
  let out = values;
  const fresh: string[] = [];
  for (const f of found) {
    const r = byId.get(f.answer.fileId);
    const ok =
      r &&
      r.questionKey === f.key &&
      (r.responseId === responseId || r.responseId === null) &&
      wanted.indexOf(r.id) === wanted.lastIndexOf(r.id);
    if (!ok) {
      errors[f.path] = 'This file is not one of this response’s: upload it again.';
      continue;
    }
    if (r.responseId === null) fresh.push(r.id);
    out = setAt(out, f.path, { fileId: r.id, name: r.name, size: r.size, type: r.contentType });
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, 'Some answers need attention.');
  return { values: out, fileIds: fresh };
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
