import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { idOr404 } from '../../platform/http/ids.js';
import { notFound } from '../../platform/errors.js';
import { findForm } from '../forms/index.js';
import { formQuestions, formResponses } from '../forms/read-model.js';
import type { CodeDef } from '../../../shared/coding/coding.js';
import {
  codebookVersions,
  codingDecisions,
  codingRuns,
  codingVerifications,
  intelligentColumns,
} from './coding.tables.js';
import { docsOf, featuresOf, type Example } from './coding.classifier.js';

export type ColumnRow = typeof intelligentColumns.$inferSelect;
export type RunRow = typeof codingRuns.$inferSelect;
const OPEN_TYPES = ['short_text', 'long_text'] as const;

/** A column of the team with its form and project, or 404. */
export async function findColumn(db: Db, teamId: string, columnId: unknown) {
  const id = idOr404(columnId, 'Intelligent column');
  const [column] = await db
    .select()
    .from(intelligentColumns)
    .where(and(eq(intelligentColumns.id, id), eq(intelligentColumns.teamId, teamId)))
    .limit(1);
  if (!column) throw notFound('Intelligent column');
  const { form, project } = await findForm(db, teamId, column.formId);
  return { column, form, project };
}

/** The form's open-text questions (short and long text) of its draft, in order. */
export async function textQuestionsOf(db: Db, formId: string) {
  return db
    .select({ key: formQuestions.key, label: formQuestions.label })
    .from(formQuestions)
    .where(and(eq(formQuestions.formId, formId), inArray(formQuestions.type, [...OPEN_TYPES])))
    .orderBy(asc(formQuestions.position));
}

export async function codebookOf(db: Db, columnId: string, number: number): Promise<CodeDef[]> {
  if (number === 0) return [];
  const [row] = await db
    .select({ codes: codebookVersions.codes })
    .from(codebookVersions)
    .where(and(eq(codebookVersions.columnId, columnId), eq(codebookVersions.number, number)));
  return row?.codes ?? [];
}

export async function latestRun(db: Db, columnId: string, status?: RunRow['status']) {
  const [run] = await db
    .select()
    .from(codingRuns)
    .where(
      and(eq(codingRuns.columnId, columnId), status ? eq(codingRuns.status, status) : undefined),
    )
    .orderBy(desc(codingRuns.createdAt), desc(codingRuns.id))
    .limit(1);
  return run ?? null;
}

/** The form's live responses (not deleted), in sequence order. */
export function liveResponses(db: Db, formId: string) {
  return db
    .select({
      id: formResponses.id,
      seq: formResponses.seq,
      wave: formResponses.wave,
      answers: formResponses.answers,
    })
    .from(formResponses)
    .where(and(eq(formResponses.formId, formId), isNull(formResponses.deletedAt)))
    .orderBy(asc(formResponses.seq));
}

export async function decisionsOf(db: Db, runId: string) {
  return db
    .select({
      responseId: codingDecisions.responseId,
      codes: codingDecisions.codes,
      sentiment: codingDecisions.sentiment,
    })
    .from(codingDecisions)
    .where(eq(codingDecisions.runId, runId));
}

export async function verificationsOf(db: Db, columnId: string) {
  return db
    .select({ responseId: codingVerifications.responseId, codes: codingVerifications.codes })
    .from(codingVerifications)
    .where(eq(codingVerifications.columnId, columnId));
}

/** The texts of the column's questions in one response's answers. */
export function answerTexts(answers: Record<string, unknown>, keys: string[]) {
  return keys
    .map((key) => ({ question: key, text: typeof answers[key] === 'string' ? answers[key] : '' }))
    .filter((a) => a.text.trim() !== '');
}

/**
 * The classifier's training examples: the column's human codes (blind verifications) of live
 * responses, each with its answers' stems and the codes its codebook version had.
 */
export async function trainingExamples(db: Db, column: ColumnRow): Promise<Example[]> {
  const verifications = await db
    .select({
      responseId: codingVerifications.responseId,
      codes: codingVerifications.codes,
      codebookVersion: codingVerifications.codebookVersion,
    })
    .from(codingVerifications)
    .where(eq(codingVerifications.columnId, column.id));
  if (verifications.length === 0) return [];
  const versions = await db
    .select({ number: codebookVersions.number, codes: codebookVersions.codes })
    .from(codebookVersions)
    .where(eq(codebookVersions.columnId, column.id));
  const keysOf = new Map(versions.map((v) => [v.number, v.codes.map((c) => c.key)]));
  const answers = new Map(
    (await liveResponses(db, column.formId)).map((r) => [r.id, r.answers] as const),
  );
  return verifications
    .filter((v) => answers.has(v.responseId))
    .sort((a, b) => (a.responseId < b.responseId ? -1 : 1))
    .map((v) => ({
      responseId: v.responseId,
      features: featuresOf(docsOf(answerTexts(answers.get(v.responseId)!, column.questionKeys))),
      codes: v.codes,
      known: keysOf.get(v.codebookVersion) ?? [],
    }));
}
