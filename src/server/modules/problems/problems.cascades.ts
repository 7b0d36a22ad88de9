import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

/**
 * What goes with the records this module hangs under others: a project's problems, a problem's
 * elements and links, an element's links. Each announces its own removal, so the modules that
 * hang things on them (comments, metrics) clean up; the foreign keys then take the rows.
 */
export function registerProblemCascades(ctx: AppContext) {
  ctx.cascades.onRemove('project', async (r) => {
    const rows = await r.tx
      .select({ id: problems.id })
      .from(problems)
      .where(and(eq(problems.teamId, r.teamId), inArray(problems.projectId, r.ids)));
    await r.cascade('problem', ids(rows));
  });
  ctx.cascades.onRemove('problem', async (r) => {
    const elements = await r.tx
      .select({ id: tocElements.id })
      .from(tocElements)
      .where(and(eq(tocElements.teamId, r.teamId), inArray(tocElements.problemId, r.ids)));
    await r.cascade('element', ids(elements));
  });
  ctx.cascades.onRemove('element', async (r) => {
    const links = await r.tx
      .select({ id: tocLinks.id })
      .from(tocLinks)
      .where(
        and(
          eq(tocLinks.teamId, r.teamId),
          or(inArray(tocLinks.fromId, r.ids), inArray(tocLinks.toId, r.ids)),
        ),
      );
    await r.cascade('link', ids(links));
  });
}
