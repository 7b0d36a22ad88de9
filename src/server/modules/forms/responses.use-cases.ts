import { and, eq, isNull } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { formLinks, formResponses, forms } from './forms.tables.js';
import { findLink, findResponse, findStakeholder } from './forms.queries.js';
import { newToken } from './forms.use-cases.js';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '../../../shared/forms/questions.js';

const responseSubject = (r: { id: string; seq: number }, form: { name: string }) => ({
  type: 'form_response',
  id: r.id,
  label: `${form.name} #${r.seq}`,
});

/** Set a response's review status (received, approved, has issues, rejected). */
export async function reviewResponse(
  uc: UseCase,
  { responseId, status }: { responseId: unknown; status: ReviewStatus },
) {
  const { response, form, project } = await findResponse(uc.tx, uc.teamId, responseId);
  uc.can('content.update', { project });
  await uc.tx
    .update(formResponses)
    .set({ status, updatedAt: new Date() })
    .where(eq(formResponses.id, response.id));
  await uc.audit({
    action: 'form_response.reviewed',
    subject: responseSubject(response, form),
    details: { from: REVIEW_STATUS_LABELS[response.status], to: REVIEW_STATUS_LABELS[status] },
  });
  return { response, form };
}

/** Soft-delete a response (kept, restorable; left out of lists, counts and exports). */
export async function deleteResponse(uc: UseCase, { responseId }: { responseId: unknown }) {
  const { response, form, project } = await findResponse(uc.tx, uc.teamId, responseId);
  uc.can('content.delete', { project });
  if (response.deletedAt)
    throw new ValidationError({ response: 'This response is already deleted.' });
  await uc.tx
    .update(formResponses)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(formResponses.id, response.id));
  await uc.audit({ action: 'form_response.deleted', subject: responseSubject(response, form) });
  return { response, form };
}

export async function restoreResponse(uc: UseCase, { responseId }: { responseId: unknown }) {
  const { response, form, project } = await findResponse(uc.tx, uc.teamId, responseId);
  uc.can('content.update', { project });
  if (!response.deletedAt) throw new ValidationError({ response: 'This response is not deleted.' });
  await uc.tx
    .update(formResponses)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(eq(formResponses.id, response.id));
  await uc.audit({ action: 'form_response.restored', subject: responseSubject(response, form) });
  return { response, form };
}

/** A stakeholder's personal link to a stakeholder-linked survey form, for one wave. */
export async function createPersonalLink(
  uc: UseCase,
  { stakeholderId, formId, wave }: { stakeholderId: unknown; formId: string; wave: string },
) {
  const { stakeholder, project } = await findStakeholder(uc.tx, uc.teamId, stakeholderId);
  uc.can('content.create', { project });
  const [form] = await uc.tx
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.teamId, uc.teamId)))
    .limit(1);
  if (!form || form.projectId !== stakeholder.projectId || form.kind !== 'survey' || form.anonymous)
    throw new ValidationError({
      formId: 'Choose a stakeholder-linked survey form of this project.',
    });
  if (!form.waves.includes(wave))
    throw new ValidationError({ wave: `“${wave}” is not a wave of “${form.name}”.` });
  const [active] = await uc.tx
    .select({ id: formLinks.id })
    .from(formLinks)
    .where(
      and(
        eq(formLinks.formId, form.id),
        eq(formLinks.stakeholderId, stakeholder.id),
        eq(formLinks.wave, wave),
        isNull(formLinks.revokedAt),
      ),
    )
    .limit(1);
  if (active)
    throw new ValidationError({
      wave: `${stakeholder.name} already has a link for ${wave}: withdraw it to make a new one.`,
    });
  const [link] = await uc.tx
    .insert(formLinks)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      token: newToken(),
      stakeholderId: stakeholder.id,
      wave,
    })
    .returning();
  await uc.audit({
    action: 'form_link.created',
    subject: { type: 'stakeholder', id: stakeholder.id, label: stakeholder.name },
    details: { form: form.name, wave },
  });
  return { link, stakeholder };
}

/** Withdraw a link: it answers 404 from now on. */
export async function revokeLink(uc: UseCase, { linkId }: { linkId: unknown }) {
  const { link, form, project } = await findLink(uc.tx, uc.teamId, linkId);
  uc.can('content.delete', { project });
  if (link.revokedAt) throw new ValidationError({ link: 'This link is already withdrawn.' });
  await uc.tx.update(formLinks).set({ revokedAt: new Date() }).where(eq(formLinks.id, link.id));
  await uc.audit({
    action: 'form_link.revoked',
    subject: { type: 'form', id: form.id, label: form.name },
    details: { wave: link.wave, personal: !!link.stakeholderId },
  });
  return { link, form };
}
