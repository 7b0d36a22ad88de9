import type { Role } from '@shared/permissions';

/** Props of the teams/show page (see src/server/modules/teams/teams.props.ts). */
export interface RoleOption {
  key: Role;
  label: string;
  description: string;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  joinedAt: string;
  isYou: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface TeamCapabilities {
  update: boolean;
  delete: boolean;
  invite: boolean;
  updateMembers: boolean;
  removeMembers: boolean;
  transferOwnership: boolean;
  leave: boolean;
}

export interface TeamShowProps {
  team: { id: string; name: string; slug: string; personal: boolean; ownerId: string | null; createdAt: string };
  role: Role;
  can: TeamCapabilities;
  members: TeamMember[];
  invitations: PendingInvitation[];
  roles: RoleOption[];
  allRoles: RoleOption[];
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
