import { z } from 'zod';

/** What the playground (and the Ctrl/Cmd+K spotlight) can find. */
export const SEARCH_TYPES = [
  'project',
  'problem',
  'element',
  'metric',
  'data_point',
  'survey_question',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  project: 'Project',
  problem: 'Problem',
  element: 'Element',
  metric: 'Metric',
  data_point: 'Data point',
  survey_question: 'Survey question',
};

export const SEARCH_LIMIT = 50;
export const SEARCH_MAX_QUERY = 100;

/** ?q=&kinds=project,metric (kinds may also repeat: ?kinds=project&kinds=metric); no kinds = all */
export const playgroundSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_QUERY, `Search for at most ${SEARCH_MAX_QUERY} characters.`)
    .default(''),
  kinds: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, c) => {
      const list = (Array.isArray(v) ? v : v ? v.split(',') : [])
        .map((s) => s.trim())
        .filter(Boolean);
      for (const k of list) {
        if (!(SEARCH_TYPES as readonly string[]).includes(k)) {
          c.addIssue({
            code: 'custom',
            message: `Unknown kind '${k}'. Use ${SEARCH_TYPES.join(', ')}.`,
          });
          return z.NEVER;
        }
      }
      return list.length ? ([...new Set(list)] as SearchType[]) : [...SEARCH_TYPES];
    }),
});

export interface SearchResult {
  type: SearchType;
  id: string;
  title: string;
  /** where it sits: project › problem › element … */
  subtitle: string;
  url: string;
}

/** 0: the title starts with the query; 1: a word of it does; 2: it contains it. */
export function matchRank(title: string, q: string): number {
  const t = title.toLocaleLowerCase();
  const s = q.trim().toLocaleLowerCase();
  if (t.startsWith(s)) return 0;
  return t.includes(` ${s}`) || t.includes(`-${s}`) || t.includes(`(${s}`) ? 1 : 2;
}

/** Rank results from several types into one list: best match first, then shorter titles, then A-Z. */
export function rankResults(
  results: SearchResult[],
  q: string,
  limit = SEARCH_LIMIT,
): SearchResult[] {
  const order = new Map(SEARCH_TYPES.map((t, i) => [t, i]));
  return results
    .map((r) => ({ r, rank: matchRank(r.title, q) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        order.get(a.r.type)! - order.get(b.r.type)! ||
        a.r.title.length - b.r.title.length ||
        a.r.title.localeCompare(b.r.title) ||
        a.r.id.localeCompare(b.r.id),
    )
    .slice(0, limit)
    .map((x) => x.r);
}
