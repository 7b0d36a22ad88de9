import { z } from 'zod';
import { LIBRARY_KINDS, SECTOR_KEYS } from './sectors.js';

const LIBRARY_TITLE_MAX = 300;
const LIBRARY_SUMMARY_MAX = 1000;
const PROJECT_NAME_MAX = 200;

const uuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message);

/**
 * Copy a library problem into a project: an existing project of the team (projectId) or a new one
 * made on the spot (newProjectName). Exactly one of the two.
 */
export const copyLibraryProblemSchema = z
  .strictObject({
    projectId: uuid('Choose a project.').optional(),
    newProjectName: z
      .string()
      .trim()
      .min(1, 'Give the new project a name.')
      .max(PROJECT_NAME_MAX, `The name may be at most ${PROJECT_NAME_MAX} characters.`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.projectId && !v.newProjectName)
      ctx.addIssue({
        code: 'custom',
        path: ['projectId'],
        message: 'Choose a project or create a new one.',
      });
    if (v.projectId && v.newProjectName)
      ctx.addIssue({
        code: 'custom',
        path: ['projectId'],
        message: 'Choose a project or create a new one, not both.',
      });
  });

/** Copy a library strategy (activities and outputs) into a problem of the team. */
export const copyLibraryStrategySchema = z.strictObject({ problemId: uuid('Choose a problem.') });

/** Save one of the team's problems to the team library. */
export const saveToLibrarySchema = z.strictObject({
  kind: z
    .enum(['problem'], { error: 'Only whole problems can be saved to the library.' })
    .default('problem'),
  sector: z.enum(SECTOR_KEYS, { error: 'Choose a sector.' }),
  title: z
    .string()
    .trim()
    .max(LIBRARY_TITLE_MAX, `The title may be at most ${LIBRARY_TITLE_MAX} characters.`)
    .optional(),
  summary: z
    .string()
    .trim()
    .max(LIBRARY_SUMMARY_MAX, `The summary may be at most ${LIBRARY_SUMMARY_MAX} characters.`)
    .optional(),
});

/** Filters of the library list page (bad values fall back to "all"; pick the known keys from the query first). */
export const libraryFilterSchema = z.strictObject({
  kind: z.enum(LIBRARY_KINDS).optional().catch(undefined),
  sector: z.enum(SECTOR_KEYS).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
});

export type LibraryFilter = z.output<typeof libraryFilterSchema>;
