import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { escapeLike, searchTerms } from '../../../shared/table/table-query.js';
import { sectorLabel, type LibraryKind } from '../../../shared/libraries/sectors.js';
import type { LibraryFilter } from '../../../shared/libraries/libraries.schemas.js';
import type { ProblemTemplate, StrategyTemplate } from '../../../shared/toc/template.schemas.js';
import { isUuid } from '../../platform/http/ids.js';
import { projects } from '../projects/read-model.js';
import { problems } from '../problems/read-model.js';
import { libraryItems } from './libraries.tables.js';
import { SHIPPED_LIBRARY } from './content/index.js';
import type { LibraryEntry } from './library-entry.js';
import type {
  ElementCounts,
  LibraryCardView as LibraryCard,
} from '../../../shared/libraries/libraries.pages.js';

export type { LibraryCardView as LibraryCard } from '../../../shared/libraries/libraries.pages.js';

export interface LibraryItemFull extends LibraryCard {
  template: ProblemTemplate | StrategyTemplate | LibraryEntry['template'];
}

export { isUuid };

function countTemplate(template: { elements: Array<{ kind: string; metrics?: unknown[] }> }) {
  const counts: ElementCounts = { activity: 0, output: 0, outcome: 0, impact: 0 };
  let metricCount = 0;
  for (const e of template.elements) {
    if (e.kind in counts) counts[e.kind as keyof ElementCounts] += 1;
    metricCount += e.metrics?.length ?? 0;
  }
  return { counts, metricCount };
}

function shippedCard(e: LibraryEntry): LibraryCard {
  return {
    id: e.slug,
    source: 'shipped',
    kind: e.kind,
    sector: e.sector,
    sectorLabel: sectorLabel(e.sector),
    title: e.title,
    summary: e.summary,
    ...countTemplate(e.template),
    createdAt: null,
    createdBy: null,
  };
}

/** Words every one of which must appear somewhere in the entry (title, summary, sector, element titles, metric names). */
function shippedMatches(e: LibraryEntry, words: string[]) {
  const hay = [
    e.title,
    e.summary,
    sectorLabel(e.sector),
    ...e.template.elements.flatMap((el) => [el.title, ...(el.metrics ?? []).map((m) => m.name)]),
  ]
    .join('\n')
    .toLowerCase();
  return words.every((w) => hay.includes(w.toLowerCase()));
}

const elementCountsSql = sql<
  Partial<ElementCounts>
>`(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (select e->>'kind' as k, count(*) as n from jsonb_array_elements(${libraryItems.template}->'elements') e group by 1) s)`;
const metricCountSql = sql<number>`(select coalesce(sum(jsonb_array_length(coalesce(e->'metrics', '[]'::jsonb))), 0)::int from jsonb_array_elements(${libraryItems.template}->'elements') e)`;

function teamCard(r: {
  id: string;
  kind: LibraryKind;
  sector: string;
  title: string;
  summary: string | null;
  counts: Partial<ElementCounts>;
  metricCount: number;
  createdAt: Date;
  createdBy: string | null;
}): LibraryCard {
  const counts: ElementCounts = { activity: 0, output: 0, outcome: 0, impact: 0 };
  for (const k of Object.keys(counts) as Array<keyof ElementCounts>)
    counts[k] = Number(r.counts?.[k] ?? 0);
  return {
    id: r.id,
    source: 'team',
    kind: r.kind,
    sector: r.sector,
    sectorLabel: sectorLabel(r.sector),
    title: r.title,
    summary: r.summary,
    counts,
    metricCount: Number(r.metricCount),
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
  };
}

const teamColumns = {
  id: libraryItems.id,
  kind: libraryItems.kind,
  sector: libraryItems.sector,
  title: libraryItems.title,
  summary: libraryItems.summary,
  counts: elementCountsSql,
  metricCount: metricCountSql,
  createdAt: libraryItems.createdAt,
  createdBy: users.name,
};

/** The shipped entries and the team's own items matching the filter (shipped in library order, team items newest first). */
export async function listLibrary(
  db: Db,
  teamId: string,
  filter: LibraryFilter,
): Promise<{ shipped: LibraryCard[]; team: LibraryCard[] }> {
  const words = searchTerms(filter.q ?? '');
  const shipped = SHIPPED_LIBRARY.filter(
    (e) =>
      (!filter.kind || e.kind === filter.kind) &&
      (!filter.sector || e.sector === filter.sector) &&
      shippedMatches(e, words),
  ).map(shippedCard);
  const conds: SQL[] = [eq(libraryItems.teamId, teamId)];
  if (filter.kind) conds.push(eq(libraryItems.kind, filter.kind));
  if (filter.sector) conds.push(eq(libraryItems.sector, filter.sector));
  for (const w of words) {
    const like = `%${escapeLike(w)}%`;
    conds.push(
      or(
        ilike(libraryItems.title, like),
        ilike(libraryItems.summary, like),
        ilike(sql`(${libraryItems.template})::text`, like),
      )!,
    );
  }
  const rows = await db
    .select(teamColumns)
    .from(libraryItems)
    .leftJoin(users, eq(users.id, libraryItems.createdBy))
    .where(and(...conds))
    .orderBy(desc(libraryItems.createdAt), asc(libraryItems.id))
    .limit(500);
  return { shipped, team: rows.map(teamCard) };
}

/** One entry by slug (shipped) or uuid (the team's own); null when it does not exist for this team. */
export async function findLibraryItem(
  db: Db,
  teamId: string,
  id: string,
): Promise<LibraryItemFull | null> {
  if (isUuid(id)) {
    const [row] = await db
      .select({ ...teamColumns, template: libraryItems.template })
      .from(libraryItems)
      .leftJoin(users, eq(users.id, libraryItems.createdBy))
      .where(and(eq(libraryItems.id, id), eq(libraryItems.teamId, teamId)));
    return row ? { ...teamCard(row), template: row.template } : null;
  }
  const entry = SHIPPED_LIBRARY.find((e) => e.slug === id);
  return entry ? { ...shippedCard(entry), template: entry.template } : null;
}

/**
 * One entry by slug or uuid whatever team holds it: only for an item a member of a community was
 * shown on a card (the community module checks the reader may see the card; the author's team
 * held the item when it was shared).
 */
export async function findSharedLibraryItem(db: Db, id: string): Promise<LibraryItemFull | null> {
  if (!isUuid(id)) return findLibraryItem(db, '', id);
  const [row] = await db
    .select({ ...teamColumns, template: libraryItems.template })
    .from(libraryItems)
    .leftJoin(users, eq(users.id, libraryItems.createdBy))
    .where(eq(libraryItems.id, id));
  return row ? { ...teamCard(row), template: row.template } : null;
}

/** The team's projects a problem can be copied into (not archived), by name. */
export function copyTargetProjects(db: Db, teamId: string) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), ne(projects.status, 'archived')))
    .orderBy(asc(projects.name), asc(projects.id))
    .limit(500);
}

/** The team's problems (in projects that are not archived) a strategy can be copied into, or a problem saved from. */
export function teamProblems(db: Db, teamId: string) {
  return db
    .select({ id: problems.id, title: problems.title, projectName: projects.name })
    .from(problems)
    .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
    .where(and(eq(problems.teamId, teamId), ne(projects.status, 'archived')))
    .orderBy(asc(projects.name), asc(problems.title), asc(problems.id))
    .limit(500);
}
