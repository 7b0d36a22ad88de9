import { and, eq, isNull } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { codebookSchema, type CodeDef } from '../../../shared/coding/coding.js';
import type { DiscoverThemesInput, ThemeToCodeInput } from '../../../shared/coding/themes.js';
import { intelligentColumns } from './coding.tables.js';
import { themeRuns, themes } from './coding.themes.tables.js';
import { THEMES_ENGINE_VERSION } from './coding.themes.js';
import { codebookOf, findColumn } from './coding.queries.js';
import { saveCodebook } from './coding.use-cases.js';

export const THEMES_DISCOVER = 'coding.themes';
declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'coding.themes': { runId: string };
  }
}

const subject = (c: { id: string; name: string }) => ({
  type: 'intelligent_column',
  id: c.id,
  label: c.name,
});

/** Queue a theme discovery over the column's open answers (a new run; older ones stay). */
export async function startDiscovery(
  uc: UseCase,
  { columnId, input }: { columnId: unknown; input: DiscoverThemesInput },
) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  const busy = await uc.tx
    .select({ id: themeRuns.id, status: themeRuns.status })
    .from(themeRuns)
    .where(eq(themeRuns.columnId, column.id));
  if (busy.some((r) => r.status === 'queued' || r.status === 'running'))
    throw new ValidationError({ k: 'A theme discovery is already in progress; wait for it.' });
  const kRequested = input.k === 'auto' ? null : Number(input.k);
  const [run] = await uc.tx
    .insert(themeRuns)
    .values({
      teamId: uc.teamId,
      columnId: column.id,
      kRequested,
      engineVersion: THEMES_ENGINE_VERSION,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.enqueue(THEMES_DISCOVER, { runId: run.id });
  await uc.audit({
    action: 'themes.discovery_started',
    subject: subject(column),
    details: { themes: kRequested ?? 'automatic', engine: THEMES_ENGINE_VERSION },
  });
  return run;
}

/** A key for the label that the codebook does not use yet (`distance`, `distance_2`, ...). */
function keyFor(label: string, taken: Set<string>) {
  const slug = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const base = (/^[a-z]/.test(slug) ? slug : `theme_${slug}`).slice(0, 34).replace(/_+$/, '');
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/**
 * Turn a discovered theme into a code: the label given, a definition from its top words, its top
 * words as include rules and its central quotes as examples, saved as the next codebook version
 * (the codebook's own save, audited there) and remembered on the theme.
 */
export async function themeToCode(
  uc: UseCase,
  { columnId, themeId, input }: { columnId: unknown; themeId: unknown; input: ThemeToCodeInput },
) {
  const { column, project } = await findColumn(uc.tx, uc.teamId, columnId);
  uc.can('content.update', { project });
  const id = idOr404(themeId, 'Theme');
  const [theme] = await uc.tx
    .select({ theme: themes, run: themeRuns })
    .from(themes)
    .innerJoin(themeRuns, eq(themeRuns.id, themes.runId))
    .where(and(eq(themes.id, id), eq(themes.teamId, uc.teamId), eq(themeRuns.columnId, column.id)))
    .limit(1)
    .for('update', { of: themes });
  if (!theme) throw notFound('Theme');
  if (theme.theme.codeKey)
    throw new ValidationError({
      label: `This theme is already the code “${theme.theme.codeKey}” (codebook version ${theme.theme.codebookVersion}).`,
    });
  // the column's row lock: the codebook read here is the one the new version extends
  const [locked] = await uc.tx
    .select({ codebookVersion: intelligentColumns.codebookVersion })
    .from(intelligentColumns)
    .where(eq(intelligentColumns.id, column.id))
    .for('update');
  const current = await codebookOf(uc.tx, column.id, locked.codebookVersion);
  const words = theme.theme.topTerms.map((t) => t.term);
  const code: CodeDef = {
    key: keyFor(input.label, new Set(current.map((c) => c.key))),
    label: input.label,
    definition: `Machine-suggested theme (word overlap): answers that mention ${words.slice(0, 5).join(', ')}.`,
    include: words.slice(0, 5),
    exclude: [],
    examples: theme.theme.quotes.map((q) => q.text.slice(0, 500)),
  };
  const parsed = codebookSchema.safeParse({ codes: [...current, code] });
  if (!parsed.success)
    throw new ValidationError({
      label: parsed.error.issues[0]?.message ?? 'The codebook cannot take this code.',
    });
  const { number } = await saveCodebook(uc, { columnId: column.id, input: parsed.data });
  const [claimed] = await uc.tx
    .update(themes)
    .set({ codeKey: code.key, codebookVersion: number })
    .where(and(eq(themes.id, id), isNull(themes.codeKey)))
    .returning({ id: themes.id });
  if (!claimed) throw new ValidationError({ label: 'This theme was just turned into a code.' });
  await uc.audit({
    action: 'themes.coded',
    subject: subject(column),
    details: { theme: theme.theme.name, code: code.key, version: number, include: code.include },
  });
  return { column, code, number };
}
