import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { CLASSIFIER_MIN_EXAMPLES, type CodeDef } from '../../../shared/coding/coding.js';
import { trainingCounts } from './coding.classifier.js';
import type {
  DeductiveInputsProps,
  IntelligentColumnProps,
  IntelligentColumnsProps,
  RunDiff,
  RunView,
} from '../../../shared/coding/coding.pages.js';
import type { FormProjectRef } from '../../../shared/forms/forms.pages.js';
import { codebookVersions, codingRuns, intelligentColumns } from './coding.tables.js';
import {
  answerTexts,
  codebookOf,
  textQuestionsOf,
  trainingExamples,
  type ColumnRow,
  type RunRow,
} from './coding.queries.js';
import { columnResults } from './coding.results.js';
import { sampleOf } from './coding.sample.js';
import { themesSection } from './coding.themes.props.js';

const CODED_SHOWN = 20;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const runView = (r: RunRow): RunView => ({
  id: r.id,
  status: r.status,
  processed: r.processed,
  total: r.total,
  engine: r.engine,
  engineVersion: r.engineVersion,
  codebookVersion: r.codebookVersion,
  error: r.error,
  refusals: r.refusals ?? [],
  createdAt: r.createdAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

export async function columnsListProps(
  db: Db,
  form: { id: string; name: string },
  project: FormProjectRef,
  canCreate: boolean,
): Promise<IntelligentColumnsProps> {
  const cols = await db
    .select()
    .from(intelligentColumns)
    .where(eq(intelligentColumns.formId, form.id))
    .orderBy(asc(intelligentColumns.createdAt));
  const textQuestions = await textQuestionsOf(db, form.id);
  const label = new Map(textQuestions.map((q) => [q.key, q.label]));
  const runs = await db
    .select()
    .from(codingRuns)
    .innerJoin(intelligentColumns, eq(intelligentColumns.id, codingRuns.columnId))
    .where(eq(intelligentColumns.formId, form.id))
    .orderBy(desc(codingRuns.createdAt));
  const columns = await Promise.all(
    cols.map(async (c) => {
      const last = runs.find((r) => r.coding_runs.columnId === c.id)?.coding_runs;
      return {
        id: c.id,
        name: c.name,
        kind: c.kind,
        rubricVersion: c.rubricVersion,
        questions: c.questionKeys.map((k) => label.get(k) ?? k),
        codebookVersion: c.codebookVersion,
        codes: (await codebookOf(db, c.id, c.codebookVersion)).length,
        lastRun: last ? { status: last.status, finishedAt: iso(last.finishedAt) } : null,
      };
    }),
  );
  return {
    project,
    form: { id: form.id, name: form.name },
    columns,
    textQuestions,
    can: { create: canCreate },
  };
}

export async function columnProps(
  db: Db,
  column: ColumnRow,
  form: { id: string; name: string },
  project: FormProjectRef,
  canUpdate: boolean,
  /** the configured model (null: offline only) */
  model: string | null,
): Promise<IntelligentColumnProps> {
  const codes = await codebookOf(db, column.id, column.codebookVersion);
  const questions = await textQuestionsOf(db, form.id);
  const label = new Map(questions.map((q) => [q.key, q.label]));
  const latest = (
    await db
      .select()
      .from(codingRuns)
      .where(eq(codingRuns.columnId, column.id))
      .orderBy(desc(codingRuns.createdAt), desc(codingRuns.id))
      .limit(1)
  )[0];
  const r = await columnResults(db, column, codes);
  const sample = await sampleOf(db, column);
  const verified = new Set(r.verifications.map((v) => v.responseId));
  const nextId = sample.ids.find((id) => !verified.has(id));
  const byId = new Map(r.responses.map((x) => [x.id, x]));
  const next = nextId ? byId.get(nextId) : undefined;
  const status = new Map(r.agreement.map((a) => [a.code, a.status]));
  const codeLabel = new Map(codes.map((c) => [c.key, c.label]));
  // blind double coding: a sampled answer no person has coded yet keeps its machine codes out of
  // the page (the coded answers table) until they have
  const pending = new Set(sample.ids.filter((id) => !verified.has(id)));
  const coded = r.decisions
    .filter((d) => d.codes.length > 0 && !pending.has(d.responseId))
    .map((d) => ({ d, resp: byId.get(d.responseId)! }))
    .sort((a, b) => a.resp.seq - b.resp.seq)
    .slice(0, CODED_SHOWN)
    .map(({ d, resp }) => ({
      responseId: resp.id,
      seq: resp.seq,
      wave: resp.wave,
      answers: answerTexts(resp.answers, column.questionKeys),
      codes: d.codes.map((c) => ({
        ...c,
        label: codeLabel.get(c.code) ?? c.code,
        status: status.get(c.code) ?? ('suggested' as const),
      })),
      sentiment: d.sentiment,
    }));
  const diffRun = latest?.status === 'done' ? latest : r.run;
  const diff = diffRun?.diff ? blindDiff(diffRun.diff, pending) : null;
  return {
    project,
    form: { id: form.id, name: form.name },
    column: {
      id: column.id,
      name: column.name,
      questions: column.questionKeys.map((key) => ({ key, label: label.get(key) ?? key })),
      threshold: column.threshold,
      samplePercent: column.samplePercent,
      codebookVersion: column.codebookVersion,
      engine: column.engine,
    },
    model,
    codes,
    run: latest ? runView(latest) : null,
    agreement: r.agreement,
    results: r.results,
    diff,
    queue: {
      size: sample.ids.length,
      verified: sample.ids.filter((id) => verified.has(id)).length,
      next: next
        ? {
            responseId: next.id,
            seq: next.seq,
            answers: answerTexts(next.answers, column.questionKeys).map((a) => ({
              ...a,
              label: label.get(a.question) ?? a.question,
            })),
          }
        : null,
    },
    coded,
    themes: await themesSection(db, column.id),
    training: { ...(await trainingOf(db, column, codes)), sample: sample.ids.length },
    can: { update: canUpdate },
  };
}

async function trainingOf(db: Db, column: ColumnRow, codes: CodeDef[]) {
  const examples = await trainingExamples(db, column);
  const label = new Map(codes.map((c) => [c.key, c.label]));
  return {
    examples: examples.length,
    min: CLASSIFIER_MIN_EXAMPLES,
    codes: trainingCounts(
      examples,
      codes.map((c) => c.key),
    ).map((c) => ({ ...c, label: label.get(c.code) ?? c.code })),
  };
}

/**
 * The re-run diff as the page shows it: a sampled answer no person has coded yet is not quoted
 * (its gained or lost codes would show the machine's codes before the blind coding); the counts
 * stay, and `hidden` says how many quotes were left out.
 */
function blindDiff(diff: RunDiff, pending: Set<string>): RunDiff {
  let hidden = 0;
  const keep = (quotes: RunDiff['codes'][number]['gained']) =>
    quotes.filter((q) => (pending.has(q.responseId) ? (hidden++, false) : true));
  const codes = diff.codes.map((c) => ({ ...c, gained: keep(c.gained), lost: keep(c.lost) }));
  return { ...diff, codes, hidden };
}

export async function deductiveInputsProps(
  db: Db,
  column: ColumnRow,
  form: { id: string; name: string },
  project: FormProjectRef,
  canUpdate: boolean,
): Promise<DeductiveInputsProps> {
  const codes: CodeDef[] = await codebookOf(db, column.id, column.codebookVersion);
  const versions = await db
    .select()
    .from(codebookVersions)
    .where(eq(codebookVersions.columnId, column.id))
    .orderBy(desc(codebookVersions.number));
  return {
    project,
    form: { id: form.id, name: form.name },
    column: { id: column.id, name: column.name, codebookVersion: column.codebookVersion },
    codes,
    versions: versions.map((v) => ({
      number: v.number,
      codes: v.codes.length,
      createdAt: v.createdAt.toISOString(),
    })),
    can: { update: canUpdate },
  };
}
