import { roleCan, type Permission, type Role } from '../../../shared/permissions.js';
import { fail, forbidden } from '../errors.js';

/**
 * The policies of the product, written once. A use case calls `uc.can(permission, resource)`;
 * routes never test roles themselves. Resources carry what a rule needs to know:
 * - `project`: an archived project is read-only, for every write under it (problems, elements,
 *   links, metrics, data points, values, comments excepted);
 * - `authorId`: authors may edit and delete their own records with the `own` permission;
 * - `ownerId`: the team's owner cannot be removed or demoted by anyone else.
 */
export interface PolicyResource {
  project?: { status: string; name?: string } | null;
  authorId?: string | null;
  ownerId?: string | null;
  targetUserId?: string | null;
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

/** Why `actor` may not do `permission` on `resource`, or null when it may. */
export function denial(actor: PolicyActor, permission: Permission, resource: PolicyResource = {}) {
  if (!roleCan(actor.role, permission)) return forbidden();
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
