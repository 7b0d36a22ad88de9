import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { qualified } from '../datasets/index.js';
import { formResponses, stakeholders } from '../forms/read-model.js';
import type {
  LongitudinalCell,
  LongitudinalChange,
  LongitudinalField,
  LongitudinalRow,
} from '../../../shared/datasets/longitudinal.pages.js';
import type { WaveSource } from './longitudinal.waves.js';

type Value = string | number | null;
const PHYSICAL_RE = /^c[1-9][0-9]{0,3}$/;

/**
 * An answer or cell as shown: numbers as numbers for numeric fields, lists joined, a file by its
 * name, a location by its coordinates, a matrix row by row (never "[object Object]").
 */
export function valueOf(v: unknown, numeric: boolean): Value {
  if (v === null || v === undefined || v === '') return null;
  if (Array.isArray(v)) return v.length ? v.map(String).join(', ') : null;
  if (numeric) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') return objectValue(v as Record<string, unknown>);
  return String(v);
}

/** A file answer's name, a geopoint's "lat, lon", a matrix's "row: value; ..." */
function objectValue(o: Record<string, unknown>): string | null {
  if (typeof o.fileId === 'string') return typeof o.name === 'string' ? o.name : null;
  if (typeof o.lat === 'number' && typeof o.lon === 'number') return `${o.lat}, ${o.lon}`;
  const parts = Object.entries(o)
    .map(([k, x]) => [k, valueOf(x, false)] as const)
    .filter(([, x]) => x !== null)
    .map(([k, x]) => `${k}: ${x}`);
  return parts.length ? parts.join('; ') : null;
}

/** The change from the previous wave: the difference of two numbers, or whether a category changed */
export function changeOf(prev: Value, cur: Value, numeric: boolean): LongitudinalChange {
  if (prev === null || cur === null) return null;
  if (numeric && typeof prev === 'number' && typeof cur === 'number')
    return Math.round((cur - prev) * 1e9) / 1e9;
  return String(prev) === String(cur) ? 'unchanged' : 'changed';
}

/**
 * The values of these stakeholders in every wave, for the chosen fields: a form wave's latest
 * non-deleted response of each stakeholder, a dataset's last row carrying the stakeholder's code.
 */
export async function rowsFor(
  db: Db,
  teamId: string,
  people: Array<{ id: string; code: string; name: string }>,
  waves: WaveSource[],
  fields: LongitudinalField[],
): Promise<LongitudinalRow[]> {
  // values[waveIndex] : stakeholder id -> field key -> value
  const values: Array<Map<string, Record<string, unknown>>> = waves.map(() => new Map());
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const formIds = [...new Set(waves.flatMap((w) => (w.source === 'form' ? [w.formId] : [])))];
  if (formIds.length) {
    const answers = await db
      .selectDistinctOn([formResponses.stakeholderId, formResponses.formId, formResponses.wave], {
        stakeholderId: formResponses.stakeholderId,
        formId: formResponses.formId,
        wave: formResponses.wave,
        answers: formResponses.answers,
      })
      .from(formResponses)
      .where(
        and(
          eq(formResponses.teamId, teamId),
          inArray(formResponses.formId, formIds),
          inArray(formResponses.stakeholderId, ids),
          isNull(formResponses.deletedAt),
        ),
      )
      .orderBy(
        asc(formResponses.stakeholderId),
        asc(formResponses.formId),
        asc(formResponses.wave),
        sql`${formResponses.submittedAt} DESC, ${formResponses.seq} DESC`,
      );
    for (const a of answers) {
      const i = waves.findIndex(
        (w) => w.source === 'form' && w.formId === a.formId && w.wave === a.wave,
      );
      if (i >= 0) values[i].set(a.stakeholderId!, a.answers);
    }
  }
  const codes = people.map((p) => p.code);
  const idOfCode = new Map(people.map((p) => [p.code, p.id]));
  for (const [i, w] of waves.entries()) {
    if (w.source !== 'dataset') continue;
    const wanted = fields.filter((f) => w.columns.has(f.key));
    if (!PHYSICAL_RE.test(w.codeColumn)) continue;
    const cols = wanted.map((f) => {
      const p = w.columns.get(f.key)!;
      if (!PHYSICAL_RE.test(p)) throw new Error(`Not a dataset column: ${p}`);
      return `"${p}" AS "${p}"`;
    });
    const r = (await db.execute(
      sql`SELECT DISTINCT ON (code) code${sql.raw(cols.map((c) => `, ${c}`).join(''))} FROM (SELECT trim("${sql.raw(w.codeColumn)}"::text) AS code, * FROM ${sql.raw(qualified(w.relation))}) d WHERE code IN (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )}) ORDER BY code, _row DESC`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    for (const row of r.rows) {
      const id = idOfCode.get(String(row.code));
      if (!id) continue;
      values[i].set(id, Object.fromEntries(wanted.map((f) => [f.key, row[w.columns.get(f.key)!]])));
    }
  }
  return people.map((p) => {
    const cells: Record<string, LongitudinalCell[]> = {};
    for (const f of fields) {
      const vs = waves.map((_, i) => valueOf(values[i].get(p.id)?.[f.key], f.numeric));
      cells[f.key] = vs.map((value, i) => ({
        value,
        change: i === 0 ? null : changeOf(vs[i - 1], value, f.numeric),
      }));
    }
    return { stakeholder: p, cells };
  });
}

/** A page of the project's stakeholders, by code */
export async function stakeholderPage(
  db: Db,
  teamId: string,
  projectId: string,
  page: number,
  perPage: number,
) {
  const where = and(eq(stakeholders.teamId, teamId), eq(stakeholders.projectId, projectId));
  const [people, [{ n }]] = await Promise.all([
    db
      .select({ id: stakeholders.id, code: stakeholders.code, name: stakeholders.name })
      .from(stakeholders)
      .where(where)
      .orderBy(asc(stakeholders.code))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stakeholders)
      .where(where),
  ]);
  return { people, total: Number(n) };
}
