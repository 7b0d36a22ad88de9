import { eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { formQuestions, forms } from './forms.tables.js';
import { draftQuestions, findForm } from './forms.queries.js';
import type { SaveTranslationsInput } from '../../../shared/forms/forms.schemas.js';
import type { QuestionTranslation } from '../../../shared/forms/translations.js';

/** A translation with its blank texts left out (blank: not translated, the default text shows). */
function cleaned(
  t: SaveTranslationsInput['questions'][string],
  values: string[],
): QuestionTranslation {
  const out: QuestionTranslation = {};
  for (const f of ['label', 'hint', 'requiredMessage', 'constraintMessage'] as const)
    if (t[f]) out[f] = t[f];
  const choices = Object.fromEntries(
    Object.entries(t.choices ?? {}).filter(([v, label]) => label && values.includes(v)),
  );
  if (Object.keys(choices).length) out.choices = choices;
  return out;
}

/**
 * Save the draft's texts in one of the form's other languages (and its thank-you text). The
 * translations live on the draft questions, so the next published version snapshots them.
 * Questions left out keep their translations; a blank text removes one.
 */
export async function saveTranslations(
  uc: UseCase,
  { formId, ...input }: SaveTranslationsInput & { formId: unknown },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  if (!form.languages.includes(input.language))
    throw new ValidationError({
      language: `Add ${input.language} to the form's languages first.`,
    });
  const rows = await draftQuestions(uc.tx, form.id);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const unknown = Object.keys(input.questions).find((k) => !byKey.has(k));
  if (unknown)
    throw new ValidationError({
      [`questions.${unknown}`]: `“${unknown}” is not a question of this form's draft.`,
    });
  let changed = 0;
  for (const [key, t] of Object.entries(input.questions)) {
    const row = byKey.get(key)!;
    const next = cleaned(
      t,
      row.choices.map((c) => c.value),
    );
    const translations = { ...row.translations };
    if (Object.keys(next).length) translations[input.language] = next;
    else delete translations[input.language];
    if (JSON.stringify(translations) === JSON.stringify(row.translations)) continue;
    changed += 1;
    await uc.tx
      .update(formQuestions)
      .set({ translations, updatedAt: new Date() })
      .where(eq(formQuestions.id, row.id));
  }
  if (input.thankYou !== undefined) {
    const thankYouTranslations = { ...form.settings.thankYouTranslations };
    if (input.thankYou) thankYouTranslations[input.language] = input.thankYou;
    else delete thankYouTranslations[input.language];
    await uc.tx
      .update(forms)
      .set({ settings: { ...form.settings, thankYouTranslations }, updatedAt: new Date() })
      .where(eq(forms.id, form.id));
  }
  await uc.audit({
    action: 'form.translations_saved',
    subject: { type: 'form', id: form.id, label: form.name },
    details: { language: input.language, questions: changed },
  });
  return { form, project, changed };
}
