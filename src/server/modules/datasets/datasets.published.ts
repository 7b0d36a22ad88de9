import type { AppContext } from '../../platform/context.js';
import type { UseCase } from '../../platform/use-case/index.js';

/** A version just became its dataset's current one (inside the write that published it) */
export interface VersionPublished {
  datasetId: string;
  versionId: string;
  number: number;
}
type Listener = (uc: UseCase, published: VersionPublished) => Promise<void>;

/** Per app (tests build many): the listeners other modules registered */
const listeners = new WeakMap<AppContext, Listener[]>();

/**
 * Run `listener` each time a version of any dataset is published (`finishVersion`), in the same
 * transaction: its writes (e.g. `uc.enqueue`) commit with the version or not at all. Keep it to
 * plain inserts: a failing statement would fail the import that published the version.
 */
export function onVersionPublished(ctx: AppContext, listener: Listener) {
  listeners.set(ctx, [...(listeners.get(ctx) ?? []), listener]);
}

export async function announcePublished(uc: UseCase, published: VersionPublished) {
  for (const l of listeners.get(uc.ctx) ?? []) await l(uc, published);
}
