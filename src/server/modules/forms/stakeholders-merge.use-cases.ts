import { and, eq, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { formLinks, formResponses, stakeholderMerges, stakeholders } from './forms.tables.js';
import { findStakeholder } from './forms.queries.js';

/**
 * Merge a stakeholder into another of the same project (one use case): its responses and personal
 * links move to the one kept, a merge record keeps what it was (code, name, answers, counts), and
 * it is deleted. Audited as `stakeholder.merged`. Both rows are locked, so two merges of the same
 * pair cannot both move things.
 */
export async function mergeStakeholders(
  uc: UseCase,
  input: { stakeholderId: unknown; into: unknown },
) {
  const { stakeholder: merged, project } = await findStakeholder(
    uc.tx,
    uc.teamId,
    input.stakeholderId,
  );
  const { stakeholder: kept } = await findStakeholder(uc.tx, uc.teamId, input.into);
  uc.can('content.update', { project });
  if (kept.id === merged.id)
    throw new ValidationError({ into: 'A stakeholder cannot be merged into itself.' });
  if (kept.projectId !== merged.projectId)
    throw new ValidationError({ into: 'Both stakeholders must belong to the same project.' });
  await uc.tx.execute(
    sql`SELECT 1 FROM ${stakeholders} WHERE ${stakeholders.id} IN (${kept.id}, ${merged.id}) ORDER BY ${stakeholders.id} FOR UPDATE`,
  );
  const responses = await uc.tx
    .update(formResponses)
    .set({ stakeholderId: kept.id, updatedAt: new Date() })
    .where(and(eq(formResponses.teamId, uc.teamId), eq(formResponses.stakeholderId, merged.id)))
    .returning({ id: formResponses.id });
  const links = await uc.tx
    .update(formLinks)
    .set({ stakeholderId: kept.id })
    .where(and(eq(formLinks.teamId, uc.teamId), eq(formLinks.stakeholderId, merged.id)))
    .returning({ id: formLinks.id });
  // earlier merges into the one merged away now point at the one kept: the history stays whole
  await uc.tx
    .update(stakeholderMerges)
    .set({ keptId: kept.id })
    .where(and(eq(stakeholderMerges.teamId, uc.teamId), eq(stakeholderMerges.keptId, merged.id)));
  const [record] = await uc.tx
    .insert(stakeholderMerges)
    .values({
      teamId: uc.teamId,
      projectId: kept.projectId,
      keptId: kept.id,
      mergedId: merged.id,
      mergedCode: merged.code,
      mergedName: merged.name,
      mergedAnswers: merged.answers,
      responsesMoved: responses.length,
      linksMoved: links.length,
      mergedBy: uc.actor.userId,
    })
    .returning();
  await uc.removing('stakeholder', [merged.id]);
  await uc.tx
    .delete(stakeholders)
    .where(and(eq(stakeholders.id, merged.id), eq(stakeholders.teamId, uc.teamId)));
  await uc.audit({
    action: 'stakeholder.merged',
    subject: { type: 'stakeholder', id: kept.id, label: `${kept.code} ${kept.name}` },
    details: {
      merged: { id: merged.id, code: merged.code, name: merged.name },
      responsesMoved: responses.length,
      linksMoved: links.length,
    },
  });
  return { kept, merged, record, project };
}
