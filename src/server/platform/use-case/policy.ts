import { roleCan, type Permission, type Role } from '../../../shared/permissions.js';
import { fail, forbidden } from '../errors.js';

/**
 * The policies of the product, written once. A use case calls `uc.can(permission, resource)`;
 * routes never test roles themselves. Resources carry what a rule needs to know:
 * - `project`: an archived project is read-only, for every write under it (problems, elements,
 *   links, metrics, data points, values, comments excepted);
 * - `authorId`: authors may edit and delete their own records with the `own` permission;
 * - `ownerId`: the team's owner cannot be removed or demoted by anyone else;
 * - `team` and `member` (team management): a personal team is neither deleted nor handed over;
 *   the owner is never demoted, removed nor leaves (ownership moves only by a transfer, to
 *   another member).
 */
export interface PolicyResource {
  project?: { status: string; name?: string } | null;
  authorId?: string | null;
  ownerId?: string | null;
  targetUserId?: string | null;
  /** the team a team-management write acts on */
  team?: { personal: boolean } | null;
  /** the member a team-management write acts on (for `team.leave`: the actor themselves) */
  member?: { userId: string; role: Role } | null;
}

export interface PolicyActor {
  userId: string;
  role: Role | null;
}

/** Permissions that change content and so are refused under an archived project. */
const WRITES: ReadonlySet<Permission> = new Set([
  'content.create',
  'content.update',
  'content.delete',
]);

/** What a refusal by the permission matrix says, where a generic "forbidden" would not help. */
const REFUSED: Partial<Record<Permission, string>> = {
  'team.update': 'Only the team’s owner and administrators can rename it.',
  'team.delete': 'Only the team’s owner can delete it.',
  'team.transfer': 'Only the team’s owner can transfer ownership.',
  'team.members.invite': 'Only the team’s owner and administrators can manage invitations.',
  'team.members.update': 'Only the team’s owner and administrators can change roles.',
  'team.members.remove': 'Only the team’s owner and administrators can remove members.',
};

/** The owner rules of team management, after the matrix has allowed the role. */
function teamDenial(actor: PolicyActor, permission: Permission, r: PolicyResource) {
  const personal = r.team?.personal === true;
  const ownerTarget = r.member?.role === 'owner';
  switch (permission) {
    case 'team.delete':
      return personal ? fail('PERSONAL_TEAM') : null;
    case 'team.transfer':
      if (r.member?.userId === actor.userId)
        return fail('ALREADY_OWNER', undefined, {
          userId: 'You already own this team. Choose another member.',
        });
      return personal ? forbidden('A personal team cannot change hands.') : null;
    case 'team.members.update':
      return ownerTarget
        ? forbidden(
            'The team owner cannot be demoted. The owner can transfer ownership to another member instead.',
          )
        : null;
    case 'team.members.remove':
      return ownerTarget ? forbidden('The team owner cannot be removed.') : null;
    case 'team.leave':
      return ownerTarget
        ? forbidden(
            'The owner cannot leave the team. Transfer ownership to another member first, or delete the team.',
          )
        : null;
    default:
      return null;
  }
}

/** Why `actor` may not do `permission` on `resource`, or null when it may. */
export function denial(actor: PolicyActor, permission: Permission, resource: PolicyResource = {}) {
  if (!roleCan(actor.role, permission)) return forbidden(REFUSED[permission]);
  const team = teamDenial(actor, permission, resource);
  if (team) return team;
  if (WRITES.has(permission) && resource.project?.status === 'archived') {
    const name = resource.project.name
      ? `The project “${resource.project.name}” is archived`
      : 'This project is archived';
    return fail('PROJECT_ARCHIVED', `${name} and read-only. Restore it to make changes.`);
  }
  if (
    resource.ownerId &&
    resource.targetUserId === resource.ownerId &&
    actor.userId !== resource.ownerId
  ) {
    return forbidden('The team’s owner cannot be changed by another member.');
  }
  return null;
}

/** Throw unless `actor` may do `permission` on `resource`. */
export function authorize(
  actor: PolicyActor,
  permission: Permission,
  resource?: PolicyResource,
): void {
  const refused = denial(actor, permission, resource);
  if (refused) throw refused;
}

/** Authors act on their own records; `moderate` lets others act on anyone's. */
export function authorizeOwn(
  actor: PolicyActor,
  authorId: string | null,
  moderate: Permission,
): void {
  if (authorId && authorId === actor.userId) return;
  authorize(actor, moderate);
}
