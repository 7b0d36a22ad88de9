/**
 * The one permission matrix of the product. Roles are per team.
 * Permission names are `noun.verb`. Later modules add their permissions here.
 */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Administrator',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner:
    'Full control of the team, including deleting it. Cannot be removed or demoted by an administrator.',
  admin: 'Manages members, invitations, settings and all of the team’s work.',
  editor: 'Creates and edits the team’s projects, forms and data.',
  viewer: 'Reads the team’s work; cannot change it.',
};

const MATRIX = {
  'team.view': ['owner', 'admin', 'editor', 'viewer'],
  'team.update': ['owner', 'admin'],
  'team.delete': ['owner'],
  'team.transfer': ['owner'],
  // every member may leave a team (the owner rule in policy.ts keeps its owner)
  'team.leave': ['owner', 'admin', 'editor', 'viewer'],
  'team.members.view': ['owner', 'admin', 'editor', 'viewer'],
  'team.members.invite': ['owner', 'admin'],
  'team.members.update': ['owner', 'admin'],
  'team.members.remove': ['owner', 'admin'],
  'team.logs.view': ['owner', 'admin'],
  // the settings pages (features, limits, video text, export of all the team's data)
  'team.settings.manage': ['owner', 'admin'],
  'content.view': ['owner', 'admin', 'editor', 'viewer'],
  'content.create': ['owner', 'admin', 'editor'],
  'content.update': ['owner', 'admin', 'editor'],
  'content.delete': ['owner', 'admin', 'editor'],
  // Commenting is discussion, not editing the work: viewers (often donors, partners and field staff
  // who read the results framework) ask questions and answer mentions, so every role may comment.
  // Editing and deleting a comment stay with its author; comment.moderate deletes anyone's.
  'comment.create': ['owner', 'admin', 'editor', 'viewer'],
  'comment.moderate': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof MATRIX;
export const PERMISSIONS = Object.keys(MATRIX) as Permission[];

export function roleCan(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (MATRIX[permission] as readonly Role[]).includes(role);
}

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

/** API token abilities (Jetstream-style) */
export const ABILITIES = ['read', 'create', 'update', 'delete'] as const;
export type Ability = (typeof ABILITIES)[number];
