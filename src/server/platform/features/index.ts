import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { fail } from '../errors.js';
import { DEFAULT_FEATURES, type Feature } from '../../../shared/settings/settings.js';

/** What the platform needs to know of a team's settings (the settings module provides it). */
export interface TeamSwitches {
  features: Record<Feature, boolean>;
  /** responses one form takes per calendar month (UTC) through its public links; null: no limit */
  publicResponsesMonthlyLimit: number | null;
}

type Reader = (db: Db, teamId: string) => Promise<TeamSwitches>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the capability this route belongs to: refused (403 FEATURE_DISABLED) when the team turned it off */
    feature?: Feature;
  }
}

/**
 * Per-team capability switches (community, database sources, public forms, ...), enforced on the
 * server. The platform knows no module: the settings module installs the reader (`use`); until
 * then every capability is on. Two ways to ask:
 * - a route declares `config: { feature: 'community' }`: the gate below refuses it for the actor's
 *   current team before the handler runs;
 * - code that knows the team some other way (a public form's token) calls
 *   `ctx.features.require(db, teamId, 'public_forms')` or reads `ctx.features.of(db, teamId)`.
 */
export class TeamFeatures {
  private reader: Reader = async () => ({
    features: { ...DEFAULT_FEATURES },
    publicResponsesMonthlyLimit: null,
  });

  use(reader: Reader) {
    this.reader = reader;
  }

  of(db: Db, teamId: string): Promise<TeamSwitches> {
    return this.reader(db, teamId);
  }

  async isOn(db: Db, teamId: string, feature: Feature): Promise<boolean> {
    return (await this.reader(db, teamId)).features[feature];
  }

  /** throws 403 FEATURE_DISABLED when the team turned the capability off */
  async require(db: Db, teamId: string, feature: Feature, message?: string): Promise<void> {
    if (!(await this.isOn(db, teamId, feature))) throw fail('FEATURE_DISABLED', message);
  }
}

/**
 * The route option `feature`: after the access rule (so outsiders still get their 401/404), a
 * route of a capability the actor's current team turned off answers 403 FEATURE_DISABLED.
 */
export function installFeatureGate(app: FastifyInstance, features: TeamFeatures, db: Db) {
  app.addHook('preHandler', async (request) => {
    const feature = request.routeOptions.config?.feature;
    if (!feature) return;
    const teamId = request.actor?.team?.id;
    if (!teamId) return; // the access rule decided (a team route has a team)
    await features.require(db, teamId, feature);
  });
}
