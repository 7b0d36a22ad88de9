import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FormProjectRef } from '../../../shared/forms/forms.pages.js';
import type {
  IntelligentColumnKindProps,
  IntelligentColumnRubricProps,
} from '../../../shared/coding/kinds.pages.js';
import { codingRuns } from './coding.tables.js';
import { rubricVersions } from './coding.rubric.tables.js';
import { answerTexts, textQuestionsOf, type ColumnRow } from './coding.queries.js';
import { rubricOf } from './coding.kinds.queries.js';
import { kindResults } from './coding.kinds.results.js';
import { sampleOf } from './coding.sample.js';

const VALUES_SHOWN = 200;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The page of a sentiment, rubric or summary column. */
export async function kindColumnProps(
  db: Db,
  column: ColumnRow,
  form: { id: string; name: string },
  project: FormProjectRef,
  canUpdate: boolean,
  /** the configured model (null: offline only) */
  model: string | null,
): Promise<IntelligentColumnKindProps> {
  const questions = await textQuestionsOf(db, form.id);
  const label = new Map(questions.map((q) => [q.key, q.label]));
  const [latest] = await db
    .select()
    .from(codingRuns)
    .where(eq(codingRuns.columnId, column.id))
    .orderBy(desc(codingRuns.createdAt), desc(codingRuns.id))
    .limit(1);
  const r = await kindResults(db, column);
  const byId = new Map(r.responses.map((x) => [x.id, x]));
  const covered = new Set(r.values.map((v) => v.responseId));
  const newSinceRun = r.run
    ? r.run.summary
      ? Math.max(0, r.responses.length - r.run.total)
      : r.responses.filter((x) => !covered.has(x.id)).length
    : r.responses.length;
  let rubric: IntelligentColumnKindProps['rubric'] = null;
  // blind double coding: a sampled answer's machine level stays out of the props until a person
  // has scored it (the queue and the values table alike); after, the decision shows it
  let pending = new Set<string>();
  if (column.kind === 'rubric') {
    const sample = await sampleOf(db, column);
    const verified = new Set(r.verifications.map((v) => v.responseId));
    pending = new Set(sample.ids.filter((id) => !verified.has(id)));
    const nextId = sample.ids.find((id) => !verified.has(id));
    const next = nextId ? byId.get(nextId) : undefined;
    const last = r.verifications
      .filter((v) => sample.ids.includes(v.responseId))
      .sort((a, b) => b.verifiedAt.getTime() - a.verifiedAt.getTime())[0];
    rubric = {
      levels: await rubricOf(db, column.id, column.rubricVersion),
      agreement: r.agreement!,
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
        last: last
          ? {
              responseId: last.responseId,
              seq: byId.get(last.responseId)?.seq ?? 0,
              human: last.level,
              machine: last.machineLevel,
              quote: r.values.find((v) => v.responseId === last.responseId)?.rubric?.quote ?? null,
            }
          : null,
      },
      hidden: pending.size,
    };
  }
  return {
    project,
    form: { id: form.id, name: form.name },
    column: {
      id: column.id,
      name: column.name,
      kind: column.kind as IntelligentColumnKindProps['column']['kind'],
      questions: column.questionKeys.map((key) => ({ key, label: label.get(key) ?? key })),
      threshold: column.threshold,
      samplePercent: column.samplePercent,
      codebookVersion: column.codebookVersion,
      rubricVersion: column.rubricVersion,
      engine: column.engine,
    },
    model,
    run: latest
      ? {
          id: latest.id,
          status: latest.status,
          processed: latest.processed,
          total: latest.total,
          engine: latest.engine,
          engineVersion: latest.engineVersion,
          codebookVersion: latest.codebookVersion,
          rubricVersion: latest.rubricVersion,
          error: latest.error,
          refusals: latest.refusals ?? [],
          createdAt: latest.createdAt.toISOString(),
          finishedAt: iso(latest.finishedAt),
        }
      : null,
    responses: r.responses.length,
    newSinceRun,
    distribution: r.distribution,
    values: r.values
      .filter((v) => !pending.has(v.responseId))
      .slice(0, VALUES_SHOWN)
      .map((v) => ({
        ...v,
        answers: answerTexts(byId.get(v.responseId)!.answers, column.questionKeys),
      })),
    summary: r.run?.summary ?? null,
    rubric,
    can: { update: canUpdate },
  };
}

/** The rubric editor of a rubric column. */
export async function rubricProps(
  db: Db,
  column: ColumnRow,
  form: { id: string; name: string },
  project: FormProjectRef,
  canUpdate: boolean,
): Promise<IntelligentColumnRubricProps> {
  const versions = await db
    .select()
    .from(rubricVersions)
    .where(eq(rubricVersions.columnId, column.id))
    .orderBy(desc(rubricVersions.number));
  return {
    project,
    form: { id: form.id, name: form.name },
    column: { id: column.id, name: column.name, rubricVersion: column.rubricVersion },
    levels: await rubricOf(db, column.id, column.rubricVersion),
    versions: versions.map((v) => ({
      number: v.number,
      levels: v.levels.length,
      createdAt: v.createdAt.toISOString(),
    })),
    can: { update: canUpdate },
  };
}
