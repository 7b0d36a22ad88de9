import { eq, ilike, or, type AnyColumn } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Citation } from '../../../shared/assistant/assistant.js';

/** What every Chanakya tool takes (the app's db and routes, the asking team) and returns. */
export interface ToolEnv {
  ctx: Pick<AppContext, 'db' | 'routes'>;
  teamId: string;
  /** asked from a problem's side panel: only that problem's theory of change and metrics, and
   *  the forms of its project (already checked to be the team's) */
  scope?: { problemId: string; projectId: string };
}
export interface ToolResult {
  text: string;
  citations: Citation[];
  data: unknown;
}

export const MAX_ROWS = 10;
export const OPEN_TYPES = ['short_text', 'long_text'] as const;

export function cite(
  env: ToolEnv,
  kind: Citation['kind'],
  id: string,
  label: string,
  quote?: string,
) {
  const href =
    kind === 'problem'
      ? env.ctx.routes.url('problems.show', { problem: id })
      : kind === 'element'
        ? env.ctx.routes.url('elements.show', { element: id })
        : kind === 'metric'
          ? env.ctx.routes.url('metrics.show', { metric: id })
          : env.ctx.routes.url('responses.index', { form: id });
  return { kind, id, label, href, ...(quote ? { quote } : {}) } satisfies Citation;
}

/** Several ILIKE filters, one per word (bound parameters; % and _ escaped). */
export const likeAny = (col: Parameters<typeof ilike>[0], words: readonly string[]) =>
  or(...words.map((w) => ilike(col, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));

/** The side panel's scope as a condition on a problem id or a project id column (none: the team's). */
export const inProblem = (env: ToolEnv, col: AnyColumn) =>
  env.scope ? eq(col, env.scope.problemId) : undefined;
export const inProject = (env: ToolEnv, col: AnyColumn) =>
  env.scope ? eq(col, env.scope.projectId) : undefined;
