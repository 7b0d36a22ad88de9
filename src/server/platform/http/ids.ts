import { notFound } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is "not found", like another team's: every finder checks ids through here. */
export function idOr404(id: unknown, what: string): string {
  if (typeof id !== 'string' || !UUID.test(id)) throw notFound(what);
  return id;
}
