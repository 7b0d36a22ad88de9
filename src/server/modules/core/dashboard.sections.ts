import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { DashboardSections } from '../../../shared/core/core.pages.js';

/** What the dashboard shows when no module says more: the getting-started variant, empty. */
const EMPTY: DashboardSections = {
  variant: 'getting-started',
  setup: [],
  video: null,
  keyMetrics: [],
  responses: { total: 0, last30: [] },
  jobs: [],
  qualityFlags: { responses: 0, forms: [] },
  learningsDue: [],
};

type Provider = (
  actor: Actor & { team: NonNullable<Actor['team']> },
) => Promise<Partial<DashboardSections>>;

const registries = new WeakMap<AppContext, Provider[]>();

/** The dashboard's sections; a module adds its own with dashboardSections(ctx).push(provider). */
export function dashboardSections(ctx: AppContext): Provider[] {
  let list = registries.get(ctx);
  if (!list) {
    list = [];
    registries.set(ctx, list);
  }
  return list;
}

/** Every provider's part, merged over the empty dashboard (later providers win). */
export async function dashboardSectionsFor(
  ctx: AppContext,
  actor: Actor,
): Promise<DashboardSections> {
  const team = actor.team;
  if (!team) return EMPTY;
  const parts = await Promise.all(dashboardSections(ctx).map((p) => p({ ...actor, team })));
  return Object.assign({}, EMPTY, ...parts);
}
