import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { ThemesSection } from '../../../shared/coding/themes.pages.js';
import { themeRuns, themes } from './coding.themes.tables.js';

const RUNS_SHOWN = 10;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The column's latest theme discoveries with their themes (the column is already team-checked). */
export async function themesSection(db: Db, columnId: string): Promise<ThemesSection> {
  const runs = await db
    .select()
    .from(themeRuns)
    .where(eq(themeRuns.columnId, columnId))
    .orderBy(desc(themeRuns.createdAt), desc(themeRuns.id))
    .limit(RUNS_SHOWN);
  const [{ n }] = await db
    .select({ n: count() })
    .from(themeRuns)
    .where(eq(themeRuns.columnId, columnId));
  const rows =
    runs.length === 0
      ? []
      : await db
          .select()
          .from(themes)
          .where(
            inArray(
              themes.runId,
              runs.map((r) => r.id),
            ),
          )
          .orderBy(themes.position);
  return {
    totalRuns: n,
    runs: runs.map((r) => ({
      id: r.id,
      status: r.status,
      kRequested: r.kRequested,
      k: r.k,
      silhouette: r.silhouette,
      answered: r.answered,
      unclustered: r.unclustered,
      processed: r.processed,
      total: r.total,
      engineVersion: r.engineVersion,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      finishedAt: iso(r.finishedAt),
      themes: rows
        .filter((t) => t.runId === r.id)
        .map((t) => ({
          id: t.id,
          name: t.name,
          size: t.size,
          share: t.share,
          topTerms: t.topTerms,
          quotes: t.quotes,
          code:
            t.codeKey && t.codebookVersion !== null
              ? { key: t.codeKey, codebookVersion: t.codebookVersion }
              : null,
        })),
    })),
  };
}
