import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { stakeholders } from './forms.tables.js';
import { findForm, type FormRow } from './forms.queries.js';
import { storeResponse } from './submit.use-cases.js';
import type { ApiSubmitInput } from '../../../shared/forms/forms.schemas.js';

/** The wave of an API response: one of the form's waves, required with a stakeholder when the form has waves. */
function apiWave(form: FormRow, wave: string | undefined, stakeholderId: string | null) {
  if (wave) {
    if (!form.waves.includes(wave))
      throw new ValidationError({ wave: `“${wave}” is not a wave of this form.` });
    return wave;
  }
  if (stakeholderId && form.waves.length)
    throw new ValidationError({
      wave: `Say which wave this stakeholder answered (${form.waves.join(', ')}).`,
    });
  return null;
}

/**
 * A response sent through the API by a team member's token: the public submit's one write path
 * (`storeResponse`: version, validation, hidden answers cleaned, row lock, open rules, idempotent
 * insert by the device's id, flags), reached by the form's id (team-scoped: another team's form
 * is a 404) instead of a link. Audited, unlike a respondent's public submission; a retry of a stored
 * response writes nothing and is not.
 */
export async function submitApiResponse(
  uc: UseCase,
  { formId, input }: { formId: unknown; input: ApiSubmitInput },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  // the role check only: an archived project closes the form as it does for the public page
  // (409 with the reason), and a retry of a response stored before still succeeds
  uc.can('content.create');
  const { stakeholderId: asked, ...submission } = input;
  let stakeholderId: string | null = null;
  if (asked) {
    if (form.kind === 'stakeholder')
      throw new ValidationError({
        stakeholderId: 'A stakeholder form registers stakeholders: send its answers without one.',
      });
    if (form.anonymous)
      throw new ValidationError({
        stakeholderId: 'This survey is anonymous: it takes no stakeholder.',
      });
    const [s] = await uc.tx
      .select({ id: stakeholders.id })
      .from(stakeholders)
      .where(
        and(
          eq(stakeholders.id, asked),
          eq(stakeholders.teamId, uc.teamId),
          eq(stakeholders.projectId, form.projectId),
        ),
      );
    if (!s)
      throw new ValidationError({
        stakeholderId: 'No stakeholder of this form’s project has this id.',
      });
    stakeholderId = s.id;
  }
  const result = await storeResponse(uc, {
    found: form,
    projectStatus: project.status,
    linkId: null,
    stakeholderId,
    wave: () => apiWave(form, submission.wave, stakeholderId),
    input: submission,
  });
  if (result.duplicate) {
    uc.unaudited('a retry of a response already stored: nothing new was written');
    return result;
  }
  await uc.audit({
    action: 'form_response.submitted',
    subject: {
      type: 'form_response',
      id: result.responseId,
      label: `${form.name} #${result.form.responseSeq}`,
    },
    details: { version: submission.version, via: 'api' },
  });
  return result;
}
