import { visibleKeys } from '@shared/forms/logic';
import { isComputed, otherKey, type QuestionDef } from '@shared/forms/questions';
import { fixedRepeatCount, repeatBounds, validateAnswers } from '@shared/forms/answers';
import type { PublicFormProps } from '@shared/forms/forms.pages';
import { parse, pruneHidden, type Answer } from '@shared/expressions';
import {
  isFileDraft,
  type DraftAnswers,
  type DraftInstance,
  type DraftValue,
  type FileDraft,
} from './storage';
import { PENDING_FILE_ID, type FileAnswer } from '@shared/forms/files';
import { repeatPrefill } from '@shared/forms/prefill';
import { pruneUnoffered } from '@shared/forms/choice-filter';

/** An object answer (matrix rows, geopoint fields) without its empty fields. */
const compact = (v: LogicAnswers[string]): LogicAnswers[string] =>
  v && typeof v === 'object' && !Array.isArray(v) && !('fileId' in v)
    ? Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== ''))
    : v;

/** Only what the respondent filled in (empty fields are not answers). */
function filled(answers: LogicAnswers): LogicAnswers {
  return Object.fromEntries(
    Object.entries(answers)
      .map(([k, v]) => [k, compact(v)] as const)
      .filter(
        ([, v]) =>
          v !== '' &&
          v !== false &&
          !(Array.isArray(v) && v.length === 0) &&
          !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
      ),
  );
}

type LogicAnswers = Record<string, Exclude<DraftValue, FileDraft> | FileAnswer>;

/**
 * The answers as the shared checks and skip logic read them: a chosen file is what it will be sent
 * as (its name, size and type, with a placeholder id: the outbox uploads it and puts the real id in).
 */
export function logicView(answers: DraftAnswers): LogicAnswers {
  const out: LogicAnswers = {};
  for (const [k, v] of Object.entries(answers))
    out[k] = isFileDraft(v)
      ? { fileId: PENDING_FILE_ID, name: v.name, size: v.size, type: v.type }
      : v;
  return out;
}

/**
 * A repeat whose count comes from an expression has exactly that many instances (as shown), at every
 * level: inside an instance the count reads that instance, then what is outside it.
 */
function withRepeatCounts(
  questions: readonly QuestionDef[],
  answers: LogicAnswers,
  outer: Readonly<Record<string, Answer>> = {},
): LogicAnswers {
  const out = { ...answers };
  for (const q of questions) {
    if (q.type !== 'repeat') continue;
    const scope = { ...outer, ...out } as Record<string, Answer>;
    let list = Array.isArray(out[q.key]) ? (out[q.key] as DraftInstance[]) : null;
    if (q.repeatCount?.trim()) {
      const r = parse(q.repeatCount);
      const n = fixedRepeatCount(q, r.ok ? r.ast : null, scope);
      if (n !== null) list = Array.from({ length: n }, (_, i) => list?.[i] ?? {});
    }
    if (!list) continue;
    const inner = q.questions ?? [];
    if (inner.some((c) => c.type === 'repeat'))
      list = list.map(
        (inst) => withRepeatCounts(inner, inst as LogicAnswers, scope) as DraftInstance,
      );
    out[q.key] = list;
  }
  return out;
}

/** What is sent: the filled answers without those to questions skip logic hides (nor their "other"). */
export function toSend(questions: QuestionDef[], answers: DraftAnswers): Record<string, unknown> {
  const shown = visibleKeys(questions, logicView(answers));
  // answers to hidden questions go, then choices their question no longer offers
  const kept = pruneUnoffered(
    questions,
    pruneHidden(questions, filled(withRepeatCounts(questions, logicView(answers)))),
  ) as LogicAnswers;
  for (const q of questions) if (!shown.has(q.key)) delete kept[otherKey(q.key)];
  // calculations (a calculate, a read-only question's): the shared validation computes them (the
  // server does the same and its value wins)
  const calculates = questions.filter(isComputed);
  if (calculates.length) {
    const { values } = validateAnswers(questions, kept);
    for (const q of calculates)
      if (values[q.key] !== undefined) kept[q.key] = values[q.key] as LogicAnswers[string];
      else delete kept[q.key];
  }
  return kept as Record<string, unknown>;
}

/**
 * Prefilled values of hidden questions: the stakeholder's known answer (personal links), then the
 * link's query string (`?<key>=value`), which wins.
 */
export function prefilled(
  questions: QuestionDef[],
  search: string,
  known: PublicFormProps['prefill'] = {},
): DraftAnswers {
  const params = new URLSearchParams(search);
  const out: DraftAnswers = {};
  for (const q of questions) {
    if (q.type !== 'hidden') continue;
    const k = known[q.key];
    const v = params.get(q.key) ?? (typeof k === 'string' ? k : undefined);
    if (v != null && v !== '') out[q.key] = v.slice(0, 1000);
  }
  return out;
}

/**
 * A repeat group's known instances (personal links: the server's `repeatPrefill` made them from
 * the stakeholder's latest response or registration), as the page starts with them: editable and
 * removable like any instance; at most the repeat's maximum. A draft on the device wins over them.
 */
export function prefilledRepeats(
  questions: QuestionDef[],
  known: PublicFormProps['prefill'] = {},
): DraftAnswers {
  const out: DraftAnswers = {};
  for (const q of questions) {
    const list = known[q.key];
    if (q.type !== 'repeat' || !Array.isArray(list) || !list.length) continue;
    out[q.key] = list.slice(0, repeatBounds(q).max).map((i) => ({ ...i }));
  }
  return out;
}

/**
 * What a personal link knows once a response is sent (or queued): each repeat's instances as that
 * response gives them, since the server prefills the next visit from the stakeholder's latest
 * response. A repeat sent without instances keeps what was known; the hidden values stay (they
 * are the stakeholder's record). An open link (no prefill: anyone answers it) knows nothing more.
 */
export function knownAfterSending(
  questions: QuestionDef[],
  known: PublicFormProps['prefill'],
  sent: Record<string, unknown>,
): PublicFormProps['prefill'] {
  if (!known) return known;
  const out = { ...known };
  for (const q of questions) {
    const instances = repeatPrefill(q, sent[q.key]);
    if (instances) out[q.key] = instances;
  }
  return out;
}

/** A draft saved on another version keeps only the answers this version still asks. */
export function draftFor(questions: QuestionDef[], answers: DraftAnswers): DraftAnswers {
  const keys = new Set(questions.flatMap((q) => [q.key, otherKey(q.key)]));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
}

/** The first answers: each question's default. */
export const defaults = (questions: QuestionDef[]): DraftAnswers =>
  Object.fromEntries(questions.filter((q) => q.defaultValue).map((q) => [q.key, q.defaultValue!]));

/** A v4 UUID: crypto.randomUUID where the browser has it (secure contexts), else from random bytes. */
export function newResponseId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
