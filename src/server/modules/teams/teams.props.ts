import type { Db } from '../../platform/db/client.js';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  isRole,
  roleCan,
  type Role,
} from '../../../shared/permissions.js';
import { ASSIGNABLE_ROLES } from '../../../shared/teams/members.schemas.js';
import type { TeamShowProps } from '../../../shared/teams/teams.pages.js';
import {
  invitationExpired,
  listMembers,
  listPendingInvitations,
  type Membership,
} from './teams.queries.js';

function roleOptions(roles: readonly Role[] = ASSIGNABLE_ROLES) {
  return roles.map((key) => ({
    key,
    label: ROLE_LABELS[key],
    description: ROLE_DESCRIPTIONS[key],
  }));
}

/** Props of teams/show: the team, its members, pending invitations (for those who may invite), and what the viewer may do. */
export async function teamShowProps(
  db: Db,
  m: Membership,
  viewerId: string,
): Promise<TeamShowProps> {
  const { team, role } = m;
  const can = {
    update: roleCan(role, 'team.update'),
    delete: roleCan(role, 'team.delete') && !team.personal,
    invite: roleCan(role, 'team.members.invite'),
    updateMembers: roleCan(role, 'team.members.update'),
    removeMembers: roleCan(role, 'team.members.remove'),
    transferOwnership: role === 'owner' && !team.personal,
    leave: role !== 'owner',
  };
  const members = (await listMembers(db, team.id)).map((r) => ({
    id: r.userId,
    name: r.name,
    email: r.email,
    image: r.image,
    role: isRole(r.role) ? r.role : 'viewer',
    joinedAt: r.joinedAt.toISOString(),
    isYou: r.userId === viewerId,
  }));
  const now = new Date();
  const invitations = can.invite
    ? (await listPendingInvitations(db, team.id)).map((r) => ({
        id: r.id,
        email: r.email,
        role: isRole(r.role) ? r.role : 'viewer',
        invitedBy: r.inviterName,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        expired: invitationExpired({ status: 'pending', expiresAt: r.expiresAt }, now),
      }))
    : [];
  return {
    team: {
      id: team.id,
      name: team.name,
      slug: team.slug,
      personal: team.personal,
      ownerId: team.ownerId,
      createdAt: team.createdAt.toISOString(),
    },
    role,
    can,
    members,
    invitations,
    roles: roleOptions(),
    allRoles: roleOptions(ROLES),
  };
}
