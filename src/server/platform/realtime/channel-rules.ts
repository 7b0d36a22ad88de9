import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { teamMembers } from '../auth/auth.tables.js';

/**
 * Who may listen on which private/presence channel. One table for the whole app: add a rule
 * here when a module publishes on a new kind of channel. A channel no rule matches is refused.
 */
/** who is asking: only the user matters to the rules (a request's Actor fits) */
type Listener = { user: { id: string } };

export interface ChannelRule {
  pattern: RegExp;
  allows(db: Db, actor: Listener, match: RegExpExecArray): Promise<boolean>;
}

const isTeamMember = async (db: Db, actor: Listener, teamId: string) => {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, actor.user.id)))
    .limit(1);
  return Boolean(row);
};

const RULES: ChannelRule[] = [
  // a user's own notifications
  { pattern: /^private-user\.(.+)$/, allows: async (_db, actor, m) => actor.user.id === m[1] },
  // team-wide events and who is online in the team
  {
    pattern: /^(?:private|presence)-team\.(.+)$/,
    allows: (db, actor, m) => isTeamMember(db, actor, m[1]),
  },
];

/**
 * A module's own kind of channel (e.g. a community's, members only): the module registers its
 * rule when it starts. Idempotent per pattern (several apps in one process register it once).
 */
export function addChannelRule(rule: ChannelRule) {
  if (!RULES.some((r) => r.pattern.source === rule.pattern.source)) RULES.push(rule);
}

export async function mayJoin(db: Db, actor: Listener, channel: string): Promise<boolean> {
  for (const rule of RULES) {
    const m = rule.pattern.exec(channel);
    if (m) return rule.allows(db, actor, m);
  }
  return false;
}
