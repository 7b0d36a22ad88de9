import { notFound } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `v` is a uuid (the id format of every record the team owns). */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * The id as a uuid string, or a 404 naming `what` (a malformed id answers like an unknown one, so
 * the database never sees it). The first step of every team-scoped finder.
 */
export function idOr404(v: unknown, what: string): string {
  if (!isUuid(v)) throw notFound(what);
  return v;
}
