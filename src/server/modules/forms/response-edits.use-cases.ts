import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError, fail, notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { projects } from '../projects/read-model.js';
import {
  formResponseEdits,
  formResponseFlags,
  formResponses,
  formVersions,
  forms,
} from './forms.tables.js';
import { findResponse } from './forms.queries.js';
import { refreshFlags } from './quality.flags.js';
import { attachFiles, resolveEditedFiles } from './form-files.js';
import { canonicalAnswers, validateAnswers, type Answers } from '../../../shared/forms/answers.js';
import { answerChanges } from '../../../shared/forms/edits.js';
import { FLAG_LABELS, answersFingerprint } from '../../../shared/forms/quality.js';
import type { EditResponseInput } from '../../../shared/forms/forms.schemas.js';
import { pruneHidden } from '../../../shared/expressions/index.js';
import { allQuestions } from '../../../shared/forms/questions.js';

const subject = (r: { id: string; seq: number }, form: { name: string }) => ({
  type: 'form_response',
  id: r.id,
  label: `${form.name} #${r.seq}`,
});

/**
 * Edit a response's answers: checked with `validateAnswers` against the version it was answered
 * on, answers to questions skip logic hides cleaned as on submit, made on the revision the editor
 * saw (another edit since: 409). Each edit keeps its history row (who, when, per key the previous
 * and new value) and the data quality flags are computed again.
 */
export async function editResponse(
  uc: UseCase,
  { responseId, revision, answers }: EditResponseInput & { responseId: unknown },
) {
  const { response, form, project } = await findResponse(uc.tx, uc.teamId, responseId);
  uc.can('content.update', { project });
  if (response.deletedAt)
    throw new ValidationError({ answers: 'Restore this response before editing it.' });
  const [version] = await uc.tx
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.id, response.versionId));
  const checked = validateAnswers(version.questions, answers);
  if (Object.keys(checked.errors).length)
    throw new ValidationError(checked.errors, 'Some answers need attention.');
  const pruned = pruneHidden(version.questions, checked.values) as Answers;
  const { values, fileIds } = await resolveEditedFiles(
    uc.tx,
    form.id,
    response.id,
    version.questions,
    pruned,
  );
  const changes = answerChanges(
    response.answers,
    values,
    allQuestions(version.questions).map((q) => q.key),
  );
  if (response.revision !== revision) throw stale(response.revision);
  if (!changes.length) throw new ValidationError({ answers: 'Change at least one answer.' });
  // the revision check again in the write itself: of two edits made on the same revision, one wins
  const [updated] = await uc.tx
    .update(formResponses)
    .set({
      answers: values,
      answersHash: canonicalAnswers(values),
      fingerprint: answersFingerprint(values),
      revision: revision + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(formResponses.id, response.id), eq(formResponses.revision, revision)))
    .returning();
  if (!updated) throw stale(revision + 1);
  await attachFiles(uc.tx, response.id, fileIds);
  await uc.tx.insert(formResponseEdits).values({
    teamId: uc.teamId,
    responseId: response.id,
    revision: updated.revision,
    changes,
    editedBy: uc.actor.userId,
  });
  await refreshFlags(uc.tx, updated, version.questions);
  await uc.audit({
    action: 'form_response.edited',
    subject: subject(response, form),
    // the keys only: the answers themselves stay in the response's history, not in the log
    details: { revision: updated.revision, changed: changes.map((c) => c.key).join(', ') },
  });
  return { response: updated, form, changes };
}

const stale = (now: number) =>
  fail(
    'CONFLICT',
    `Someone edited this response since you opened it (it is at revision ${now} now). Reload to see their change, then edit again.`,
  );

/** A data quality flag of the team with its response, form and project, or 404. */
async function findFlag(uc: UseCase, flagId: unknown) {
  const id = idOr404(flagId, 'Flag');
  const [row] = await uc.tx
    .select({
      flag: formResponseFlags,
      response: formResponses,
      form: forms,
      project: { id: projects.id, name: projects.name, status: projects.status },
    })
    .from(formResponseFlags)
    .innerJoin(formResponses, eq(formResponses.id, formResponseFlags.responseId))
    .innerJoin(forms, eq(forms.id, formResponseFlags.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(formResponseFlags.id, id), eq(formResponseFlags.teamId, uc.teamId)))
    .limit(1);
  if (!row) throw notFound('Flag');
  return row;
}

/** Clear a flag after review: "keep" leaves the response as it is, "reject" marks it rejected. */
export async function clearFlag(
  uc: UseCase,
  { flagId, resolution }: { flagId: unknown; resolution: 'keep' | 'reject' },
) {
  const { flag, response, form, project } = await findFlag(uc, flagId);
  uc.can('content.update', { project });
  if (flag.clearedAt) throw new ValidationError({ resolution: 'This flag is already cleared.' });
  await uc.tx
    .update(formResponseFlags)
    .set({ clearedAt: new Date(), clearedBy: uc.actor.userId, resolution })
    .where(eq(formResponseFlags.id, flag.id));
  if (resolution === 'reject')
    await uc.tx
      .update(formResponses)
      .set({ status: 'rejected', updatedAt: new Date() })
      .where(eq(formResponses.id, response.id));
  await uc.audit({
    action: 'form_response.flag_cleared',
    subject: subject(response, form),
    details: {
      flag: FLAG_LABELS[flag.rule],
      resolution: resolution === 'keep' ? 'reviewed: keep' : 'marked rejected',
    },
  });
  return { flag, response, form };
}
