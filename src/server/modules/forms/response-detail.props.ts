import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import {
  formLinks,
  formResponseEdits,
  formResponseFlags,
  formResponses,
  formVersions,
  stakeholders,
} from './forms.tables.js';
import type { findResponse } from './forms.queries.js';
import { questionColumns } from './responses.props.js';
import type { ResponseDetailProps, ReviewQueueProps } from '../../../shared/forms/forms.pages.js';
import { formDetail } from './forms.props.js';
import { allQuestions } from '../../../shared/forms/questions.js';

type Found = Awaited<ReturnType<typeof findResponse>>;

/** One response for its page: answers by the version's questions, its edits and its flags. */
export async function responseDetail(
  db: Db,
  { response: r, form, project }: Found,
  can: ResponseDetailProps['can'],
): Promise<ResponseDetailProps> {
  const [version] = await db
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.id, r.versionId));
  const [link] = r.linkId
    ? await db.select().from(formLinks).where(eq(formLinks.id, r.linkId))
    : [];
  const [stakeholder] = r.stakeholderId
    ? await db
        .select({ id: stakeholders.id, code: stakeholders.code, name: stakeholders.name })
        .from(stakeholders)
        .where(eq(stakeholders.id, r.stakeholderId))
    : [];
  // labels of keys this version no longer asks (an edit history may name them): the union's
  const labels = new Map((await questionColumns(db, form.id)).map((c) => [c.key, c.label]));
  for (const q of allQuestions(version.questions)) labels.set(q.key, q.label);
  const plainLabel = (key: string) =>
    key.endsWith('__other')
      ? `${labels.get(key.slice(0, -7)) ?? key} (other)`
      : (labels.get(key) ?? key);
  // a repeat's path: `members[2].age` -> "Household members 2: Age", `members[3]` -> "... 3",
  // nested: `members[2].visits[1].clinic` -> "Household members 2: Clinic visits 1: Clinic"
  const labelOf = (key: string): string => {
    const m = /^([^[.]+)\[(\d+)\](?:\.(.+))?$/.exec(key);
    if (!m) return plainLabel(key);
    const at = `${labels.get(m[1]) ?? m[1]} ${m[2]}`;
    return m[3] ? `${at}: ${labelOf(m[3])}` : at;
  };
  const edits = await db
    .select({ edit: formResponseEdits, by: users.name })
    .from(formResponseEdits)
    .leftJoin(users, eq(users.id, formResponseEdits.editedBy))
    .where(eq(formResponseEdits.responseId, r.id))
    .orderBy(desc(formResponseEdits.revision));
  const flags = await db
    .select({ flag: formResponseFlags, by: users.name })
    .from(formResponseFlags)
    .leftJoin(users, eq(users.id, formResponseFlags.clearedBy))
    .where(eq(formResponseFlags.responseId, r.id))
    .orderBy(asc(formResponseFlags.createdAt), asc(formResponseFlags.rule));
  return {
    project,
    form: formDetail(form),
    response: {
      id: r.id,
      seq: r.seq,
      revision: r.revision,
      version: r.versionNumber,
      wave: r.wave,
      status: r.status,
      submittedAt: r.submittedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      deleted: r.deletedAt !== null,
      durationMs: r.durationMs,
      link: link
        ? {
            kind: link.stakeholderId ? 'personal' : 'open',
            wave: link.wave,
            revoked: link.revokedAt !== null,
          }
        : null,
      stakeholder: stakeholder ?? null,
      answers: r.answers,
    },
    questions: version.questions,
    history: edits.map(({ edit, by }) => ({
      revision: edit.revision,
      editedAt: edit.editedAt.toISOString(),
      editedBy: by,
      changes: edit.changes.map((c) => ({ ...c, label: labelOf(c.key) })),
    })),
    flags: flags.map(({ flag, by }) => ({
      id: flag.id,
      rule: flag.rule,
      reason: flag.reason,
      createdAt: flag.createdAt.toISOString(),
      cleared:
        flag.clearedAt && flag.resolution
          ? { at: flag.clearedAt.toISOString(), by, resolution: flag.resolution }
          : null,
    })),
    can,
  };
}

/** The review queue: open flags of the form's live responses, oldest first (at most 500). */
export async function reviewQueue(db: Db, formId: string): Promise<ReviewQueueProps['items']> {
  const rows = await db
    .select({ flag: formResponseFlags, response: formResponses })
    .from(formResponseFlags)
    .innerJoin(formResponses, eq(formResponses.id, formResponseFlags.responseId))
    .where(
      and(
        eq(formResponseFlags.formId, formId),
        isNull(formResponseFlags.clearedAt),
        isNull(formResponses.deletedAt),
      ),
    )
    .orderBy(asc(formResponses.seq), asc(formResponseFlags.rule))
    .limit(500);
  return rows.map(({ flag, response }) => ({
    flagId: flag.id,
    rule: flag.rule,
    reason: flag.reason,
    createdAt: flag.createdAt.toISOString(),
    response: {
      id: response.id,
      seq: response.seq,
      submittedAt: response.submittedAt.toISOString(),
      status: response.status,
    },
  }));
}
