import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { GuestUseCase } from '../../platform/use-case/index.js';
import { ValidationError, fail, notFound } from '../../platform/errors.js';
import { projects } from '../projects/read-model.js';
import { formLinks, formResponses, formVersions, forms, stakeholders } from './forms.tables.js';
import type { Db } from '../../platform/db/client.js';
import type { FormRow, LinkRow } from './forms.queries.js';
import { canonicalAnswers, validateAnswers, type Answers } from '../../../shared/forms/answers.js';
import type { SubmitInput } from '../../../shared/forms/forms.schemas.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { localiseQuestions } from '../../../shared/forms/translations.js';
import { pageTextFor } from '../../../shared/forms/page-text/all.js';
import {
  say,
  sayClosed,
  type ClosedNotice,
  type PageText,
} from '../../../shared/forms/page-text/format.js';
import type { ProjectStatus } from '../../../shared/toc/vocabulary.js';
import { channels } from '../../../shared/realtime/channels.js';
import { pruneHidden } from '../../../shared/expressions/index.js';
import { teamRefusal, teamSwitchesFor } from './team-switches.js';
import { attachFiles, resolveFiles } from './form-files.js';
import { duplicateOf, statisticalReasons, storeFlags } from './quality.flags.js';
import { answersFingerprint, straightLiningReason } from '../../../shared/forms/quality.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';

/** The live event a new response sends on the team's private channel. */
const RESPONSE_CREATED = 'form-response.created';

/** '2026-03-01' or '2026-03-01T09:30' read as UTC. */
const instant = (s: string) =>
  new Date(
    s.length === 10 ? `${s}T00:00:00Z` : `${s.replace(' ', 'T')}${s.length === 16 ? ':00' : ''}Z`,
  );

/** Why a form takes no responses now (null: it is open), as a catalogue key (and its date). */
export function closedNotice(
  form: FormRow,
  projectStatus: ProjectStatus,
  responses: number,
  now = new Date(),
): ClosedNotice | null {
  if (!form.currentVersion) return { key: 'notPublished' };
  if (projectStatus === 'archived') return { key: 'projectArchived' };
  const s = form.settings;
  if (s.opensAt && now < instant(s.opensAt))
    return { key: 'opensOn', date: s.opensAt.replace('T', ' ') };
  if (s.closesAt && now >= instant(s.closesAt))
    return { key: 'closedOn', date: s.closesAt.replace('T', ' ') };
  if (s.responseLimit != null && responses >= s.responseLimit) return { key: 'limitReached' };
  return null;
}

/** The same, said in a language (a 409's message). */
export function closedReason(
  form: FormRow,
  projectStatus: ProjectStatus,
  responses: number,
  t: PageText = pageTextFor('en'),
  now = new Date(),
): string | null {
  const n = closedNotice(form, projectStatus, responses, now);
  return n && sayClosed(t, n);
}

/** The language a public request asks for (`?lang=`, as the page's outbox sends it), if any. */
export function askedLanguage(request: { query: unknown }): string | undefined {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return typeof lang === 'string' && lang ? lang.slice(0, 35) : undefined;
}

/**
 * The link behind a public token, with its form and project status; 404 when unknown or revoked
 * (a withdrawn link said in `lang`, else the form's default language).
 */
export async function linkByToken(db: Db, token: unknown, lang?: string) {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound('Form');
  const [row] = await db
    .select({ link: formLinks, form: forms, projectStatus: projects.status })
    .from(formLinks)
    .innerJoin(forms, eq(forms.id, formLinks.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(eq(formLinks.token, token))
    .limit(1);
  if (!row) throw notFound('Form');
  if (row.link.revokedAt)
    throw fail('NOT_FOUND', say(pageTextFor(lang ?? row.form.language), 'linkWithdrawn'));
  return row;
}

export const liveResponses = async (db: Db, formId: string) =>
  (
    await db
      .select({ n: count() })
      .from(formResponses)
      .where(and(eq(formResponses.formId, formId), isNull(formResponses.deletedAt)))
  )[0].n;

/** The wave a submission belongs to: the personal link's, or one of the form's waves named by an open link. */
function waveOf(form: FormRow, link: LinkRow, wave: string | undefined, text: PageText) {
  if (link.stakeholderId) return link.wave;
  if (!wave) return null;
  if (!form.waves.includes(wave))
    throw new ValidationError({ wave: say(text, 'notAWave', { wave }) });
  return wave;
}

const stakeholderCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `S-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

/** The stakeholder's display name: the answer to a `name`-like question, else the first short text. */
function nameFrom(questions: QuestionDef[], answers: Answers, code: string) {
  const named = questions.find(
    (q) => /(^|_)name$/.test(q.key) && typeof answers[q.key] === 'string',
  );
  const text =
    named ?? questions.find((q) => q.type === 'short_text' && typeof answers[q.key] === 'string');
  return text ? String(answers[text.key]).slice(0, 200) : code;
}

/** A stakeholder form's submission registers a stakeholder, or updates the one matching its key answers. */
async function registerStakeholder(
  uc: Storing,
  form: FormRow,
  questions: QuestionDef[],
  answers: Answers,
) {
  const keys = form.settings.matchKeys.filter((k) => answers[k] !== undefined);
  if (keys.length && keys.length === form.settings.matchKeys.length) {
    const match = keys.map(
      (k) => sql`${stakeholders.answers} -> ${k} = ${JSON.stringify(answers[k])}::jsonb`,
    );
    const [found] = await uc.tx
      .select({ id: stakeholders.id, code: stakeholders.code })
      .from(stakeholders)
      .where(and(eq(stakeholders.projectId, form.projectId), ...match))
      .limit(1);
    if (found) {
      await uc.tx
        .update(stakeholders)
        .set({ answers, name: nameFrom(questions, answers, found.code), updatedAt: new Date() })
        .where(eq(stakeholders.id, found.id));
      return found.id;
    }
  }
  const code = stakeholderCode();
  const [s] = await uc.tx
    .insert(stakeholders)
    .values({
      teamId: form.teamId,
      projectId: form.projectId,
      code,
      name: nameFrom(questions, answers, code),
      answers,
      formId: form.id,
    })
    .returning({ id: stakeholders.id });
  return s.id;
}

/**
 * Store one public submission, idempotently: the device's id is unique per form (a unique index,
 * INSERT ... ON CONFLICT DO NOTHING), so a retry with the same answers gets the stored response
 * back and a reuse with other answers a 409. The version must be one of the form's published
 * versions; the answers are checked against that version's questions.
 */
export async function submitResponse(
  uc: GuestUseCase,
  { token, input }: { token: unknown; input: SubmitInput },
) {
  uc.unaudited(
    'a public response is the respondent’s data, kept with its own time, version and link; the audit log records what team members do',
  );
  const { link, form: found, projectStatus } = await linkByToken(uc.tx, token, input.lang);
  return storeResponse(uc, {
    found,
    projectStatus,
    linkId: link.id,
    stakeholderId: link.stakeholderId,
    wave: () => waveOf(found, link, input.wave, pageTextFor(input.lang ?? found.language)),
    input,
  });
}

/** What storing a response needs of a use case: the page's guest and the API's team member alike. */
type Storing = Pick<GuestUseCase, 'tx' | 'ctx' | 'publish'>;

/**
 * The one write path of a submission (the public page's and the API's): version, validation,
 * hidden answers cleaned, the form's row lock, the team's and the form's open rules, the insert
 * idempotent by (form, device id), the stakeholder registration and the quality flags.
 */
export async function storeResponse(
  uc: Storing,
  o: {
    found: FormRow;
    projectStatus: ProjectStatus;
    linkId: string | null;
    stakeholderId: string | null;
    /** the wave, checked (a ValidationError when the form has no such wave) */
    wave: () => string | null;
    input: SubmitInput;
  },
) {
  const { found, projectStatus, input } = o;
  const [version] = await uc.tx
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, found.id), eq(formVersions.number, input.version)))
    .limit(1);
  // the question's own messages (required, constraint) and the built-in ones in the language the
  // form was answered in (the page sends it; without it, the form's default language)
  const text = pageTextFor(input.lang ?? found.language);
  if (!version)
    throw new ValidationError({ version: say(text, 'noSuchVersion', { n: input.version }) });
  const checked = validateAnswers(
    input.lang ? localiseQuestions(version.questions, input.lang) : version.questions,
    input.answers,
    { text },
  );
  if (Object.keys(checked.errors).length)
    throw new ValidationError(checked.errors, say(text, 'answersNeedAttention'));
  // answers to questions hidden by skip logic are cleaned (dropped), never stored: validateAnswers
  // skipped them, and the same pruning the browser does runs again over the version's questions
  const kept = pruneHidden(version.questions, checked.values) as Answers;
  const wave = o.wave();
  const existing = async () => {
    const [r] = await uc.tx
      .select({ id: formResponses.id, hash: formResponses.answersHash })
      .from(formResponses)
      .where(and(eq(formResponses.formId, found.id), eq(formResponses.clientId, input.id)));
    return r;
  };
  // the team's switches before the lock; a monthly limit is counted again under it
  const switches = await teamSwitchesFor(uc.ctx, uc.tx, found, text);
  if (switches.refused) {
    // the team's settings (public forms off, the monthly limit): a retry of a stored response still succeeds
    const before = await existing();
    const { values } = await resolveFiles(uc.tx, found.id, input.id, version.questions, kept, text);
    if (before && before.hash === canonicalAnswers(values))
      return { form: found, responseId: before.id, duplicate: true };
    throw fail(switches.refused.code, switches.refused.message);
  }
  // the statistical quality rules read the form's recent responses, outside the lock
  const id = randomUUID();
  const fingerprint = answersFingerprint(kept);
  const statistical = await statisticalReasons(
    uc.tx,
    { id, formId: found.id, answers: kept, durationMs: input.durationMs ?? null },
    version.questions,
  );
  // the form's row lock, held to the commit: response numbers are taken one at a time, in commit
  // order (a keyset reader by seq never skips one), and the response limits are exact. Only the
  // few statements that need it run under it: the number, the insert, the exact checks.
  const [form] = await uc.tx
    .update(forms)
    .set({ responseSeq: sql`${forms.responseSeq} + 1` })
    .where(eq(forms.id, found.id))
    .returning();
  // file answers: uploads to this form, not another response's; as stored (under the lock)
  const { values, fileIds } = await resolveFiles(
    uc.tx,
    form.id,
    input.id,
    version.questions,
    kept,
    text,
  );
  const hash = canonicalAnswers(values);
  /** a retry (or a refusal): the number taken goes back, so numbers stay gapless */
  const giveBack = () =>
    uc.tx
      .update(forms)
      .set({ responseSeq: sql`${forms.responseSeq} - 1` })
      .where(eq(forms.id, form.id));
  const refused = switches.monthlyLimit ? await teamRefusal(uc.ctx, uc.tx, form, text) : null;
  const closed =
    refused?.message ??
    closedReason(
      form,
      projectStatus,
      form.settings.responseLimit == null ? 0 : await liveResponses(uc.tx, form.id),
      text,
    );
  if (closed) {
    // a retry of a response stored before the form closed still succeeds
    const before = await existing();
    if (before && before.hash === hash) {
      await giveBack();
      return { form, responseId: before.id, duplicate: true };
    }
    throw fail(refused?.code ?? 'CONFLICT', closed);
  }
  const [inserted] = await uc.tx
    .insert(formResponses)
    .values({
      id,
      teamId: form.teamId,
      formId: form.id,
      clientId: input.id,
      seq: form.responseSeq,
      versionId: version.id,
      versionNumber: version.number,
      linkId: o.linkId,
      stakeholderId: o.stakeholderId,
      wave,
      answers: values,
      answersHash: hash,
      durationMs: input.durationMs ?? null,
      fingerprint: values === kept ? fingerprint : answersFingerprint(values),
    })
    .onConflictDoNothing({ target: [formResponses.formId, formResponses.clientId] })
    .returning();
  if (!inserted) {
    const before = await existing();
    if (before && before.hash === hash) {
      await giveBack();
      return { form, responseId: before.id, duplicate: true };
    }
    throw fail('CONFLICT', say(text, 'different'));
  }
  await attachFiles(uc.tx, inserted.id, fileIds);
  if (form.kind === 'stakeholder') {
    const stakeholderId = await registerStakeholder(uc, form, version.questions, values);
    await uc.tx
      .update(formResponses)
      .set({ stakeholderId })
      .where(eq(formResponses.id, inserted.id));
    inserted.stakeholderId = stakeholderId;
  }
  // data quality flags, in the same transaction: a response is never stored without them. The
  // duplicate rule runs under the lock, so of two identical responses the later one is flagged.
  await storeFlags(
    uc.tx,
    inserted,
    {
      ...statistical,
      duplicate: await duplicateOf(uc.tx, inserted),
      straight_lining: straightLiningReason(values, version.questions),
    },
    { fresh: true },
  );
  uc.publish(channels.team(form.teamId), RESPONSE_CREATED, {
    formId: form.id,
    responseId: inserted.id,
  });
  await enqueueWebhookEvent(uc, form.teamId, 'response.created', {
    formId: form.id,
    formName: form.name,
    responseId: inserted.id,
    version: version.number,
    stakeholderId: inserted.stakeholderId,
    answers: values,
  });
  return { form, responseId: inserted.id, duplicate: false };
}
