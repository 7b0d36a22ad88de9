import { eq } from 'drizzle-orm';
import { teams, users } from '../../platform/auth/auth.tables.js';
import {
  authorize,
  type AccountUseCase,
  type PolicyResource,
} from '../../platform/use-case/index.js';
import type { Permission } from '../../../shared/permissions.js';
import { requireMembership, type Membership } from './teams.queries.js';
import { insertTeam } from './teams.service.js';

/*
 * The team writes, each run by `runAccountUseCase` (the team is the one in the URL, not
 * necessarily the actor's current team): the membership lookup (404 for a team the actor is not
 * in), the policy with the actor's role in that team (platform/use-case/policy.ts), the change,
 * and the audit row under that team, in one transaction.
 */

/** The actor's membership in `teamId`, and the policy check with their role there. */
export async function inTeam(uc: AccountUseCase, teamId: string) {
  const m: Membership = await requireMembership(uc.tx, teamId, uc.actor.userId);
  return {
    ...m,
    can: (permission: Permission, resource?: PolicyResource) =>
      authorize({ userId: uc.actor.userId, role: m.role }, permission, {
        team: { personal: m.team.personal },
        ...resource,
      }),
  };
}

/** A new team; the creator is its owner and switches to it. */
export async function createTeam(uc: AccountUseCase, input: { name: string }) {
  const team = await insertTeam(uc.tx, {
    name: input.name,
    personal: false,
    ownerId: uc.actor.userId,
  });
  await uc.audit({
    action: 'team.created',
    teamId: team.id,
    subject: { type: 'team', id: team.id, label: team.name },
    details: { personal: false },
  });
  return team;
}

export async function updateTeamName(uc: AccountUseCase, input: { teamId: string; name: string }) {
  const m = await inTeam(uc, input.teamId);
  m.can('team.update');
  if (m.team.name === input.name) {
    uc.unaudited('the name is unchanged: nothing was written');
    return m.team;
  }
  const [team] = await uc.tx
    .update(teams)
    .set({ name: input.name })
    .where(eq(teams.id, input.teamId))
    .returning();
  await uc.audit({
    action: 'team.updated',
    teamId: input.teamId,
    subject: { type: 'team', id: input.teamId, label: input.name },
    details: { from: m.team.name, to: input.name },
  });
  return team;
}

/** Owner only; personal teams stay. Members whose current team it was fall back to another team. */
export async function deleteTeam(uc: AccountUseCase, input: { teamId: string }) {
  const m = await inTeam(uc, input.teamId);
  m.can('team.delete');
  await uc.tx
    .update(users)
    .set({ currentTeamId: null })
    .where(eq(users.currentTeamId, input.teamId));
  await uc.tx.delete(teams).where(eq(teams.id, input.teamId));
  await uc.audit({
    action: 'team.deleted',
    teamId: input.teamId,
    subject: { type: 'team', id: input.teamId, label: m.team.name },
  });
  return m.team;
}

/** Make a team the user's current one (members only: others get 404). */
export async function switchTeam(uc: AccountUseCase, input: { teamId: string }) {
  const m = await inTeam(uc, input.teamId);
  await uc.tx
    .update(users)
    .set({ currentTeamId: input.teamId })
    .where(eq(users.id, uc.actor.userId));
  await uc.audit({
    action: 'team.switched',
    teamId: input.teamId,
    subject: { type: 'team', id: input.teamId, label: m.team.name },
  });
  return m.team;
}
