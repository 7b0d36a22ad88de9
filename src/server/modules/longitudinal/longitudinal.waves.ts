import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { datasetColumns, datasets, datasetVersions } from '../datasets/read-model.js';
import { formResponses, forms, formVersions } from '../forms/read-model.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { isDisplayOnly, type QuestionType } from '../../../shared/forms/questions.js';
import type {
  LongitudinalField,
  LongitudinalWave,
} from '../../../shared/datasets/longitudinal.pages.js';

const NUMERIC_QUESTIONS: QuestionType[] = ['integer', 'decimal', 'rating', 'nps', 'range'];
const NUMERIC_COLUMNS: ColumnType[] = ['integer', 'decimal'];

/** A wave and where its values come from */
export type WaveSource =
  | (LongitudinalWave & { source: 'form'; formId: string; wave: string | null; keys: Set<string> })
  | (LongitudinalWave & {
      source: 'dataset';
      relation: string;
      /** the stakeholder column's physical name */
      codeColumn: string;
      /** key -> physical */
      columns: Map<string, string>;
    });

/**
 * The project's waves, oldest first: each wave of its stakeholder-linked survey forms that has
 * responses from stakeholders (by its first response), and each imported dataset carrying a
 * stakeholder id column (by its current version's time); with the fields they carry.
 */
export async function wavesOf(db: Db, teamId: string, projectId: string) {
  const linked = await db
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(
      and(
        eq(forms.teamId, teamId),
        eq(forms.projectId, projectId),
        eq(forms.kind, 'survey'),
        eq(forms.anonymous, false),
      ),
    );
  const fields = new Map<string, LongitudinalField>();
  const note = (key: string, label: string, numeric: boolean) => {
    const f = fields.get(key);
    if (f) f.waves += 1;
    else fields.set(key, { key, label, numeric, waves: 1 });
  };
  const timed: Array<{ at: number; wave: WaveSource }> = [];
  if (linked.length) {
    const ids = linked.map((f) => f.id);
    const [waves, versions] = await Promise.all([
      db
        .select({
          formId: formResponses.formId,
          wave: formResponses.wave,
          first: sql<number>`extract(epoch from min(${formResponses.submittedAt}))::float8`,
        })
        .from(formResponses)
        .where(
          and(
            eq(formResponses.teamId, teamId),
            inArray(formResponses.formId, ids),
            isNull(formResponses.deletedAt),
            isNotNull(formResponses.stakeholderId),
          ),
        )
        .groupBy(formResponses.formId, formResponses.wave),
      db
        .select({ formId: formVersions.formId, questions: formVersions.questions })
        .from(formVersions)
        .where(and(eq(formVersions.teamId, teamId), inArray(formVersions.formId, ids)))
        .orderBy(asc(formVersions.number)),
    ]);
    const questionsOf = new Map<string, Map<string, { label: string; numeric: boolean }>>();
    for (const v of versions) {
      const m = questionsOf.get(v.formId) ?? new Map();
      // a repeat group holds several values per response: its instances are a dataset of their own
      for (const q of v.questions)
        if (!isDisplayOnly(q.type) && q.type !== 'repeat')
          m.set(q.key, { label: q.label, numeric: NUMERIC_QUESTIONS.includes(q.type) });
      questionsOf.set(v.formId, m);
    }
    const nameOf = new Map(linked.map((f) => [f.id, f.name]));
    for (const w of waves) {
      const qs = questionsOf.get(w.formId) ?? new Map();
      for (const [key, q] of qs) note(key, q.label, q.numeric);
      timed.push({
        at: Number(w.first) * 1000,
        wave: {
          id: `form:${w.formId}:${w.wave ?? ''}`,
          label: `${nameOf.get(w.formId)}${w.wave ? ` · ${w.wave}` : ''}`,
          source: 'form',
          formId: w.formId,
          wave: w.wave,
          keys: new Set(qs.keys()),
        },
      });
    }
  }
  const imported = await db
    .select({
      id: datasets.id,
      name: datasets.name,
      codeKey: datasets.stakeholderColumnKey,
      relation: datasetVersions.relation,
      versionId: datasetVersions.id,
      at: datasetVersions.createdAt,
    })
    .from(datasets)
    .innerJoin(datasetVersions, eq(datasetVersions.id, datasets.currentVersionId))
    .where(
      and(
        eq(datasets.teamId, teamId),
        eq(datasets.projectId, projectId),
        isNotNull(datasets.stakeholderColumnKey),
        ne(datasets.origin, 'form'),
      ),
    );
  if (imported.length) {
    const cols = await db
      .select()
      .from(datasetColumns)
      .where(
        inArray(
          datasetColumns.versionId,
          imported.map((d) => d.versionId),
        ),
      )
      .orderBy(asc(datasetColumns.position));
    for (const d of imported) {
      const mine = cols.filter((c) => c.versionId === d.versionId);
      const code = mine.find((c) => c.key === d.codeKey);
      if (!code) continue;
      const columns = new Map<string, string>();
      for (const c of mine) {
        if (c.key === d.codeKey || c.hidden || c.key.startsWith('_')) continue;
        columns.set(c.key, c.physical);
        note(c.key, c.label, NUMERIC_COLUMNS.includes(c.type));
      }
      timed.push({
        at: d.at.getTime(),
        wave: {
          id: `dataset:${d.id}`,
          label: d.name,
          source: 'dataset',
          relation: d.relation,
          codeColumn: code.physical,
          columns,
        },
      });
    }
  }
  timed.sort((a, b) => a.at - b.at);
  return {
    waves: timed.map((t) => t.wave),
    fields: [...fields.values()].sort((a, b) => b.waves - a.waves || a.key.localeCompare(b.key)),
  };
}
