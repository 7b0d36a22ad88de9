import { z } from 'zod';
import {
  ELEMENT_KINDS,
  ELEMENT_STATUSES,
  OUTCOME_HORIZONS,
  PROBLEM_STATUSES,
} from '../toc/vocabulary.js';

/** Inputs of problems, theory-of-change elements and links (forms and the API share them). */

const PROBLEM_TITLE_MAX = 300;
const ELEMENT_TITLE_MAX = 300;
const LONG_TEXT_MAX = 8000;

/** Optional free text: trimmed; '' and null both mean "empty" (stored as null). */
const optionalText = (max: number, what: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim()))
    .refine((v) => v == null || v.length <= max, `The ${what} may have at most ${max} characters.`);

const title = (max: number, what: string) =>
  z
    .string({ error: `Give the ${what} a title.` })
    .trim()
    .min(1, `Give the ${what} a title.`)
    .max(max, `The title may have at most ${max} characters.`);

const isoDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) =>
    v == null || v.trim() === '' ? (v === undefined ? undefined : null) : v.trim(),
  )
  .refine(
    (v) =>
      v == null ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    'Enter a date as YYYY-MM-DD.',
  );

const populationCount = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
      return v === undefined ? undefined : null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number of people, 0 or more.' });
      return z.NEVER;
    }
    return n;
  });

export const problemFields = {
  title: title(PROBLEM_TITLE_MAX, 'problem'),
  statement: optionalText(LONG_TEXT_MAX, 'problem statement'),
  rootCauses: optionalText(LONG_TEXT_MAX, 'root causes'),
  populationWho: optionalText(1000, 'population description'),
  populationCount,
  geography: optionalText(1000, 'geography'),
  evidence: optionalText(LONG_TEXT_MAX, 'evidence'),
  status: z.enum(PROBLEM_STATUSES, { error: 'Choose draft, active or closed.' }).optional(),
};

/** An update must change something: an empty body is refused. */
function somethingToChange(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (!Object.values(v).some((x) => x !== undefined))
    ctx.addIssue({ code: 'custom', path: [], message: 'Send at least one field to change.' });
}

export const createProblemSchema = z.strictObject(problemFields);
export const updateProblemSchema = z
  .strictObject({ ...problemFields, title: problemFields.title.optional() })
  .superRefine(somethingToChange);
export type CreateProblemInput = z.infer<typeof createProblemSchema>;
export type UpdateProblemInput = z.infer<typeof updateProblemSchema>;

const uuidOrNull = (message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) =>
      v == null || v.trim() === '' ? (v === undefined ? undefined : null) : v.trim(),
    )
    .refine((v) => v == null || z.uuid().safeParse(v).success, message);

export const elementFields = {
  kind: z.enum(ELEMENT_KINDS, { error: 'Choose activity, output, outcome or impact.' }),
  horizon: z
    .union([
      z.enum(OUTCOME_HORIZONS, { error: 'Choose short, medium or long term.' }),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  title: title(ELEMENT_TITLE_MAX, 'element'),
  description: optionalText(LONG_TEXT_MAX, 'description'),
  assumptions: optionalText(LONG_TEXT_MAX, 'assumptions'),
  risks: optionalText(LONG_TEXT_MAX, 'risks'),
  ownerId: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) =>
      v == null || v.trim() === '' ? (v === undefined ? undefined : null) : v.trim(),
    )
    .refine((v) => v == null || v.length <= 100, 'Choose a member of the team.'),
  startDate: isoDate,
  endDate: isoDate,
  status: z.enum(ELEMENT_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  position: z.number().int('Position is a whole number.').min(0).max(1_000_000).optional(),
};

function datesInOrder(
  v: { startDate?: string | null; endDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date must be on or after the start date.',
    });
}

export const createElementFields = {
  ...elementFields,
  /** the new element's parent: creates the link parent -> new ("add child") */
  parentId: uuidOrNull('Choose an element of this problem.'),
  /** the new element's child: creates the link new -> child */
  childId: uuidOrNull('Choose an element of this problem.'),
};

export function checkNewElement(
  v: { kind: string; horizon?: string | null; startDate?: string | null; endDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === 'outcome' && !v.horizon)
    ctx.addIssue({
      code: 'custom',
      path: ['horizon'],
      message: 'Choose short, medium or long term for an outcome.',
    });
  if (v.kind !== 'outcome' && v.horizon)
    ctx.addIssue({ code: 'custom', path: ['horizon'], message: 'Only outcomes have a horizon.' });
  datesInOrder(v, ctx);
}

export const createElementSchema = z.strictObject(createElementFields).superRefine(checkNewElement);
export const updateElementFields = {
  ...elementFields,
  kind: elementFields.kind.optional(),
  title: elementFields.title.optional(),
};

export const updateElementSchema = z.strictObject(updateElementFields).superRefine((v, ctx) => {
  somethingToChange(v, ctx);
  datesInOrder(v, ctx);
});

export type CreateElementInput = z.infer<typeof createElementSchema>;
export type UpdateElementInput = z.infer<typeof updateElementSchema>;

export const reorderElementsSchema = z.strictObject({
  kind: z.enum(ELEMENT_KINDS, { error: 'Choose activity, output, outcome or impact.' }),
  ids: z
    .array(z.uuid('Unknown element.'), { error: 'Send the elements in their new order.' })
    .min(1, 'Send the elements in their new order.')
    .max(5000),
});
export type ReorderElementsInput = z.infer<typeof reorderElementsSchema>;

export const createLinkFields = {
  fromId: z.uuid({ error: 'Choose the element the link starts from.' }),
  toId: z.uuid({ error: 'Choose the element the link leads to.' }),
  assumptions: optionalText(LONG_TEXT_MAX, 'assumptions'),
  risks: optionalText(LONG_TEXT_MAX, 'risks'),
};
export const createLinkSchema = z.strictObject(createLinkFields);
export const updateLinkSchema = z
  .strictObject({
    assumptions: optionalText(LONG_TEXT_MAX, 'assumptions'),
    risks: optionalText(LONG_TEXT_MAX, 'risks'),
  })
  .superRefine(somethingToChange);
export type CreateLinkInput = z.infer<typeof createLinkSchema>;
export type UpdateLinkInput = z.infer<typeof updateLinkSchema>;

export { parseTab } from './problems.js';
