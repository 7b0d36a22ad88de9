import type { Role } from '../permissions.js';

/** Props of the teams/show page (built by modules/teams/teams.props.ts). */
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
  team: {
    id: string;
    name: string;
    slug: string;
    personal: boolean;
    ownerId: string | null;
    createdAt: string;
  };
  role: Role;
  can: TeamCapabilities;
  members: TeamMember[];
  invitations: PendingInvitation[];
  roles: RoleOption[];
  allRoles: RoleOption[];
}
