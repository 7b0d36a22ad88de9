import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GuestUseCase } from '../../platform/use-case/index.js';
import type { AppContext } from '../../platform/context.js';
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
import { monthlyRoom, teamSwitchesFor } from './team-switches.js';
import { attachFiles, resolveFiles } from './form-files.js';
import {
  duplicateReasons,
  duplicatesOf,
  flagsInsert,
  statisticalReasonsOf,
  storedDuplicatesQuery,
  type StoredMatch,
} from './quality.flags.js';
import { answersFingerprint, straightLiningReason } from '../../../shared/forms/quality.js';
import { queueWebhookEvents, subscribedEndpoints } from '../webhooks/index.js';
import { jsonRowsInsert } from '../../platform/db/json-rows.js';

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
  const row = await findLink(db, token);
  if (!row) throw notFound('Form');
  if (row.link.revokedAt)
    throw fail('NOT_FOUND', say(pageTextFor(lang ?? row.form.language), 'linkWithdrawn'));
  return row;
}

/** The link behind a public token (revoked or not), with its form and project status; null when unknown. */
async function findLink(db: Db, token: unknown) {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ link: formLinks, form: forms, projectStatus: projects.status })
    .from(formLinks)
    .innerJoin(forms, eq(forms.id, formLinks.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(eq(formLinks.token, token))
    .limit(1);
  return row ?? null;
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

/** A submission's outcome in a batch: its stored response, or its own error (the others go on). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What storing gives back: the form (as locked), the response's id, whether it was a retry. */
export interface Stored {
  form: FormRow;
  responseId: string;
  duplicate: boolean;
}

/** One submission to store: where it came from (link, stakeholder, wave) and what was sent. */
export interface Submission {
  linkId: string | null;
  stakeholderId: string | null;
  /** the wave, checked (a ValidationError when the form has no such wave) */
  wave: () => string | null;
  input: SubmitInput;
}

/**
 * Public submissions sent to one link at about the same time (the public route gathers them:
 * `submit.batches.ts`) are stored idempotently: the device's id is unique per form, so a retry
 * with the same answers gets the stored response back and a reuse with other answers a 409. Each
 * submission gets its own outcome (a refused one does not stop the others). Two stages: this
 * first one, no lock and no write (the link, then what `prepareResponses` checks and reads), on
 * the pool (the public route runs it beside the commit of the batch before) or in a use case's
 * transaction; then `commitSubmissions`.
 */
export async function prepareSubmissions(
  ctx: Pick<AppContext, 'features'>,
  db: Db,
  { token, inputs }: { token: unknown; inputs: SubmitInput[] },
): Promise<Prepared> {
  const row = await findLink(db, token);
  if (!row || row.link.revokedAt) {
    const error = (lang?: string) =>
      row
        ? fail('NOT_FOUND', say(pageTextFor(lang ?? row.form.language), 'linkWithdrawn'))
        : notFound('Form');
    return { out: inputs.map((input) => ({ ok: false, error: error(input.lang) })), ready: null };
  }
  const { link, form: found, projectStatus } = row;
  return prepareResponses(
    ctx,
    db,
    { found, projectStatus },
    inputs.map((input) => ({
      linkId: link.id,
      stakeholderId: link.stakeholderId,
      wave: () => waveOf(found, link, input.wave, pageTextFor(input.lang ?? found.language)),
      input,
    })),
  );
}

/**
 * The second stage, one write: under the form's row lock, what the first stage let through
 * (public submissions are not audited: see `unaudited` below).
 */
export function commitSubmissions(
  uc: GuestUseCase,
  prepared: Prepared,
): Promise<Array<Outcome<Stored>>> {
  uc.unaudited(
    'a public response is the respondent’s data, kept with its own time, version and link; the audit log records what team members do',
  );
  return commitResponses(uc, prepared);
}

/** What storing a response needs of a use case: the page's guest and the API's team member alike. */
type Storing = Pick<GuestUseCase, 'tx' | 'ctx' | 'publish'>;

/** One submission storing a single response (the API's): its outcome, or its error thrown. */
export async function storeResponse(
  uc: Storing,
  o: Submission & { found: FormRow; projectStatus: ProjectStatus },
): Promise<Stored> {
  const [outcome] = await commitResponses(uc, await prepareResponses(uc.ctx, uc.tx, o, [o]));
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

type VersionRow = typeof formVersions.$inferSelect;

/** Published versions by form and number: a version is never changed once published, so it is read once. */
const versionCache = new Map<string, VersionRow>();
const VERSION_CACHE_MAX = 500;

/** The form's published versions among `numbers` (a number with no version is left out). */
async function versionsOf(db: Db, formId: string, numbers: number[]): Promise<VersionRow[]> {
  const wanted = [...new Set(numbers)];
  const missing = wanted.filter((n) => !versionCache.has(`${formId}:${n}`));
  if (missing.length) {
    const rows = await db
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.formId, formId), inArray(formVersions.number, missing)));
    if (versionCache.size + rows.length > VERSION_CACHE_MAX) versionCache.clear();
    for (const v of rows) versionCache.set(`${formId}:${v.number}`, v);
  }
  return wanted.flatMap((n) => versionCache.get(`${formId}:${n}`) ?? []);
}

/** A submission that passed the checks that need no lock: its version, answers and wave. */
interface Checked {
  at: number;
  s: Submission;
  text: PageText;
  version: VersionRow;
  kept: Answers;
  wave: string | null;
}

/** A checked submission's answers as stored (file answers resolved), under the id it would take. */
interface Pending {
  id: string;
  values: Answers;
  hash: string;
  fileIds: string[];
}

/** A checked submission that will be a new response: its statistical flags and stored duplicate match. */
interface Fresh extends Checked, Pending {
  reasons: { speeder: string | null; out_of_range: string | null };
  match: StoredMatch | undefined;
}

/**
 * What the first stage of storing submissions gives the second: each submission's outcome so far
 * (a refusal, or a gap the commit fills) and, when any submission passed, what the commit needs.
 */
export interface Prepared {
  out: Array<Outcome<Stored>>;
  ready: {
    found: FormRow;
    projectStatus: ProjectStatus;
    checked: Checked[];
    switches: Switches;
    statistical: Array<{ speeder: string | null; out_of_range: string | null }>;
    endpoints: Endpoint[];
  } | null;
}

type Switches = Awaited<ReturnType<typeof teamSwitchesFor>>;
type Endpoint = Awaited<ReturnType<typeof subscribedEndpoints>>[number];

/**
 * The one write path of submissions (the public page's and the API's), for one form and one or
 * many submissions at a time, in two stages. This first one needs no lock and writes nothing:
 * version, validation and hidden answers cleaned per submission; the team's switches, the
 * statistical quality rules and the webhook endpoints once, read side by side (on the pool they
 * are three connections). Then `commitResponses`, under the form's row lock (held to the commit),
 * the exact rules: one read (retries and reused ids, the duplicate rule's stored matches), the
 * team's monthly limit, the form's open rules and response limit, the stakeholder registration,
 * and one write (the responses with gapless numbers in order, the form's last number, the flags);
 * then the live events and webhooks. A batch costs about as many statements as one submission,
 * and the lock is held for four round trips (lock, read, write, commit), so a burst on one form is
 * not served one row lock at a time; the public route prepares the next batch while one commits.
 */
async function prepareResponses(
  ctx: Pick<AppContext, 'features'>,
  db: Db,
  { found, projectStatus }: { found: FormRow; projectStatus: ProjectStatus },
  items: Submission[],
): Promise<Prepared> {
  const out: Array<Outcome<Stored>> = new Array(items.length);
  const refuse = (at: number, error: unknown) => (out[at] = { ok: false, error });
  const versions = await versionsOf(
    db,
    found.id,
    items.map((s) => s.input.version),
  );
  const checked: Checked[] = [];
  items.forEach((s, at) => {
    // the question's own messages (required, constraint) and the built-in ones in the language
    // the form was answered in (the page sends it; without it, the form's default language)
    const { input } = s;
    const text = pageTextFor(input.lang ?? found.language);
    try {
      const version = versions.find((v) => v.number === input.version);
      if (!version)
        throw new ValidationError({ version: say(text, 'noSuchVersion', { n: input.version }) });
      const valid = validateAnswers(
        input.lang ? localiseQuestions(version.questions, input.lang) : version.questions,
        input.answers,
        { text },
      );
      if (Object.keys(valid.errors).length)
        throw new ValidationError(valid.errors, say(text, 'answersNeedAttention'));
      // answers to questions hidden by skip logic are cleaned (dropped), never stored:
      // validateAnswers skipped them, and the same pruning the browser does runs again
      const kept = pruneHidden(version.questions, valid.values) as Answers;
      checked.push({ at, s, text, version, kept, wave: s.wave() });
    } catch (e) {
      refuse(at, e);
    }
  });
  if (!checked.length) return { out, ready: null };
  // the team's switches (a monthly limit is counted again under the lock), the statistical
  // quality rules over the form's recent responses, and the endpoints new responses are
  // delivered to: none needs the lock, none depends on another
  const [switches, statistical, endpoints] = await Promise.all([
    teamSwitchesFor(ctx, db, found),
    statisticalReasonsOf(
      db,
      { formId: found.id, seq: found.responseSeq },
      checked.map((c) => ({
        answers: c.kept,
        durationMs: c.s.input.durationMs ?? null,
        questions: c.version.questions,
      })),
    ),
    subscribedEndpoints(db, found.teamId, 'response.created'),
  ]);
  return { out, ready: { found, projectStatus, checked, switches, statistical, endpoints } };
}

/** The second stage: under the form's row lock, the exact rules and the one write (see above). */
async function commitResponses(uc: Storing, prepared: Prepared): Promise<Array<Outcome<Stored>>> {
  const out = [...prepared.out];
  if (!prepared.ready) return out;
  const { found, projectStatus, checked, switches, statistical, endpoints } = prepared.ready;
  const refuse = (at: number, error: unknown) => (out[at] = { ok: false, error });
  // the form's row lock, held to the commit: response numbers are taken in commit order (a
  // keyset reader by seq never skips one) and the response limits are exact
  const [form] = switches.refused
    ? [found]
    : await uc.tx.select().from(forms).where(eq(forms.id, found.id)).for('update');
  // file answers: uploads to this form, not another response's; as stored (under the lock)
  const pending: Array<Pending | null> = [];
  for (const c of checked) {
    try {
      const { values, fileIds } = await resolveFiles(
        uc.tx,
        form.id,
        c.s.input.id,
        c.version.questions,
        c.kept,
        c.text,
      );
      pending.push({ id: randomUUID(), values, fileIds, hash: canonicalAnswers(values) });
    } catch (e) {
      refuse(c.at, e);
      pending.push(null);
    }
  }
  const { stored, matches } = await readUnderLock(uc, form, checked, pending);
  // why this form takes no new response now, said in a submission's language (null: it is open)
  const closedFor = await closure(uc, form, projectStatus, switches);
  const fresh: Fresh[] = [];
  const taken = new Map<string, { id: string; hash: string }>();
  for (const [k, c] of checked.entries()) {
    const p = pending[k];
    if (!p) continue;
    try {
      const before = stored.get(c.s.input.id) ?? taken.get(c.s.input.id);
      // a retry of a stored response succeeds, even once the form has closed
      if (before && before.hash === p.hash) {
        out[c.at] = { ok: true, value: { form, responseId: before.id, duplicate: true } };
        continue;
      }
      const closed = closedFor(c.text, fresh.length);
      if (closed) throw closed;
      if (before) throw fail('CONFLICT', say(c.text, 'different'));
      taken.set(c.s.input.id, { id: p.id, hash: p.hash });
      fresh.push({ ...c, ...p, reasons: statistical[k], match: matches?.get(k) });
    } catch (e) {
      refuse(c.at, e);
    }
  }
  if (!fresh.length) return out;
  // a stakeholder form's submission registers (or updates) its stakeholder first
  const stakeholderIds: Array<string | null> = [];
  for (const f of fresh)
    stakeholderIds.push(
      form.kind === 'stakeholder'
        ? await registerStakeholder(uc, form, f.version.questions, f.values)
        : f.s.stakeholderId,
    );
  const inserted = fresh.map((f, n) => ({
    id: f.id,
    teamId: form.teamId,
    formId: form.id,
    seq: form.responseSeq + 1 + n,
    stakeholderId: stakeholderIds[n],
    wave: f.wave,
    answers: f.values,
    fingerprint: answersFingerprint(f.values),
  }));
  // the duplicate rule: stored matches (read with the retries, or now that the stakeholders are
  // known), then the batch's own earlier responses
  const duplicates = matches
    ? duplicateReasons(
        inserted,
        fresh.map((f, n) => ({ i: n, sw: f.match?.sw ?? null, fp: f.match?.fp ?? null })),
        { pending: true },
      )
    : await duplicatesOf(uc.tx, form.id, inserted, { pending: true });
  // one statement stores the responses, the form's last number and the data quality flags (a
  // response is never stored without them)
  const responsesInsert = jsonRowsInsert(
    formResponses,
    fresh.map((f, n) => ({
      ...inserted[n],
      clientId: f.s.input.id,
      versionId: f.version.id,
      versionNumber: f.version.number,
      linkId: f.s.linkId,
      answersHash: f.hash,
      durationMs: f.s.input.durationMs ?? null,
    })),
    sql`on conflict (form_id, client_id) do nothing returning id`,
  )!;
  const numbered = sql`update ${forms} set response_seq = ${form.responseSeq + fresh.length}
    where id = ${form.id}`;
  const flags = flagsInsert(
    inserted.map((r, n) => ({
      response: r,
      reasons: {
        ...fresh[n].reasons,
        duplicate: duplicates[n],
        straight_lining: straightLiningReason(r.answers, fresh[n].version.questions),
      },
    })),
  );
  const [written] = (
    (await uc.tx.execute(
      sql`with written as (${responsesInsert}), numbered as (${numbered})${
        flags ? sql`, flagged as (${flags})` : sql``
      } select count(*)::int as n from written`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  // every writer of the form's responses holds its lock and looked first: a conflict here is a bug
  if (Number(written.n) !== fresh.length)
    throw new Error('A response id was taken under the form’s lock; nothing was stored.');
  for (const [n, r] of inserted.entries()) await attachFiles(uc.tx, r.id, fresh[n].fileIds);
  for (const r of inserted)
    uc.publish(channels.team(form.teamId), RESPONSE_CREATED, { formId: form.id, responseId: r.id });
  await queueWebhookEvents(
    uc,
    endpoints,
    'response.created',
    inserted.map((r, n) => ({
      formId: form.id,
      formName: form.name,
      responseId: r.id,
      version: fresh[n].version.number,
      stakeholderId: r.stakeholderId,
      answers: r.answers,
    })),
  );
  inserted.forEach((r, n) => {
    out[fresh[n].at] = {
      ok: true,
      value: { form: { ...form, responseSeq: r.seq }, responseId: r.id, duplicate: false },
    };
  });
  return out;
}

/**
 * Under the form's lock, one statement: the stored responses with the batch's device ids (a retry,
 * or an id reused), and the duplicate rule's stored matches of each checked submission (by its
 * place), but for a stakeholder form, whose stakeholders are known only once registered.
 */
async function readUnderLock(
  uc: Storing,
  form: FormRow,
  checked: Checked[],
  pending: Array<Pending | null>,
) {
  const ids = checked.map((c) => c.s.input.id);
  const matches =
    form.kind === 'stakeholder'
      ? null
      : storedDuplicatesQuery(
          form.id,
          checked.map((c, k) => ({
            id: pending[k]?.id ?? randomUUID(),
            stakeholderId: c.s.stakeholderId,
            wave: c.wave,
            fingerprint: pending[k] ? answersFingerprint(pending[k].values) : null,
          })),
        );
  const [read] = (
    (await uc.tx.execute(sql`select
      (select coalesce(json_agg(json_build_object('id', ${formResponses.id},
          'clientId', ${formResponses.clientId}, 'hash', ${formResponses.answersHash})), '[]'::json)
        from ${formResponses} where ${formResponses.formId} = ${form.id}
        and ${inArray(formResponses.clientId, ids)}) as stored,
      ${matches ? sql`(select coalesce(json_agg(m), '[]'::json) from (${matches}) m)` : sql`null`} as matches`)) as unknown as {
      rows: Array<{
        stored: Array<{ id: string; clientId: string; hash: string }>;
        matches: StoredMatch[] | null;
      }>;
    }
  ).rows;
  return {
    stored: new Map(read.stored.map((r) => [r.clientId, r])),
    matches: read.matches && new Map(read.matches.map((m) => [Number(m.i), m])),
  };
}

/**
 * Under the form's lock: why the form takes no new response, as an error said in a submission's
 * language, given how many this batch has already taken (null: it takes it). The team's refusal
 * (public forms off, the monthly limit) comes first, then the form's own rules.
 */
async function closure(
  uc: Storing,
  form: FormRow,
  projectStatus: ProjectStatus,
  switches: Awaited<ReturnType<typeof teamSwitchesFor>>,
) {
  const refused = switches.refused;
  const monthly = refused
    ? 0
    : switches.monthlyLimit
      ? await monthlyRoom(uc.ctx, uc.tx, form)
      : Infinity;
  const live = form.settings.responseLimit == null ? 0 : await liveResponses(uc.tx, form.id);
  return (text: PageText, taken: number) => {
    if (refused) return fail(refused.code, sayClosed(text, refused.notice));
    if (taken >= monthly) return fail('CONFLICT', say(text, 'monthlyLimit'));
    const n = closedNotice(form, projectStatus, live + taken);
    return n && fail('CONFLICT', sayClosed(text, n));
  };
}
