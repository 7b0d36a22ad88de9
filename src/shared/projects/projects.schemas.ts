import { z } from 'zod';
import { PROJECT_STATUSES } from '../toc/vocabulary.js';

const PROJECT_NAME_MAX = 200;
const PROJECT_TEXT_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5000;

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const name = z
  .string({ error: 'Give the project a name.' })
  .trim()
  .min(1, 'Give the project a name.')
  .max(PROJECT_NAME_MAX, `The name may be at most ${PROJECT_NAME_MAX} characters.`);

/** Optional text: blank -> null. */
const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} may be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional date (YYYY-MM-DD): blank -> null. */
const optionalDate = (what: string) =>
  z
    .string({ error: `${what} must be a date (YYYY-MM-DD).` })
    .trim()
    .nullish()
    .refine((v) => !v || isIsoDate(v), `${what} must be a valid date (YYYY-MM-DD).`)
    .transform((v) => (v ? v : null));

const fields = {
  name,
  description: optionalText(PROJECT_DESCRIPTION_MAX, 'The description'),
  funder: optionalText(PROJECT_TEXT_MAX, 'The funder'),
  location: optionalText(PROJECT_TEXT_MAX, 'The location'),
  startDate: optionalDate('The start date'),
  endDate: optionalDate('The end date'),
};

export const END_BEFORE_START = 'The end date must be on or after the start date.';

/** End on or after start (ISO dates compare as strings). */
export function datesInOrder(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): boolean {
  return !startDate || !endDate || endDate >= startDate;
}

/** Create or edit a project (the form sends every field). */
export const projectSchema = z.strictObject(fields).superRefine((v, ctx) => {
  if (!datesInOrder(v.startDate, v.endDate))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
});

/** API PATCH: any subset of the fields, plus the status (archive / restore). Dates are checked against the stored ones. */
export const projectPatchSchema = z
  .strictObject({
    name: name.optional(),
    description: fields.description.optional(),
    funder: fields.funder.optional(),
    location: fields.location.optional(),
    startDate: fields.startDate.optional(),
    endDate: fields.endDate.optional(),
    status: z.enum(PROJECT_STATUSES, { error: 'The status is active or archived.' }).optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'Send at least one field to change.',
  );

export const DELETE_CONFIRM_MISMATCH = 'Type the project’s name exactly to confirm.';

/** Deleting a project: the user types its exact name. */
export const deleteProjectSchema = z.strictObject({
  confirm: z.string({ error: DELETE_CONFIRM_MISMATCH }).min(1, DELETE_CONFIRM_MISMATCH),
});

/** The list's status filter. */
export const PROJECT_FILTERS = ['active', 'archived', 'all'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];
export function projectFilterOf(v: unknown): ProjectFilter {
  const s = Array.isArray(v) ? v[0] : v;
  return (PROJECT_FILTERS as readonly string[]).includes(s as string)
    ? (s as ProjectFilter)
    : 'active';
}

export type ProjectValues = z.output<typeof projectSchema>;
export type ProjectPatch = z.output<typeof projectPatchSchema>;

/** A project as pages see it. */
export interface ProjectView {
  id: string;
  name: string;
  description: string | null;
  funder: string | null;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
  status: 'active' | 'archived';
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of the projects list. */
export interface ProjectListRow {
  id: string;
  name: string;
  description: string | null;
  funder: string | null;
  location: string | null;
  status: 'active' | 'archived';
  problemsCount: number;
  updatedAt: string;
}

/** What deleting a project also deletes. */
export interface DeletionImpact {
  problems: number;
  elements: number;
  metrics: number;
  values: number;
}

export function deletionImpactText(d: DeletionImpact): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `This deletes ${n(d.problems, 'problem', 'problems')}, ${n(d.elements, 'theory-of-change element', 'theory-of-change elements')}, ${n(d.metrics, 'metric', 'metrics')} and ${n(d.values, 'recorded value', 'recorded values')}.`;
}
