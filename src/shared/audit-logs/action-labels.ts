/** Audit actions in plain words. Modules that write new actions add their label here. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in attempt',
  'auth.logout': 'Signed out',
  'auth.registered': 'Created an account',
  'auth.email_verified': 'Verified their email address',
  'auth.password_reset': 'Reset their password',
  'auth.two_factor_failed': 'Failed two-factor challenge',
  'two_factor.enabled': 'Turned on two-factor authentication',
  'two_factor.disabled': 'Turned off two-factor authentication',
  'two_factor.recovery_codes_regenerated': 'Regenerated recovery codes',
  'user.profile_updated': 'Updated their profile',
  'user.password_changed': 'Changed their password',
  'user.sessions_revoked': 'Logged out other browser sessions',
  'user.deleted': 'Deleted their account',
  'team.created': 'Created the team',
  'team.updated': 'Renamed the team',
  'team.deleted': 'Deleted the team',
  'team.switched': 'Switched team',
  'team.member_invited': 'Invited someone to the team',
  'team.invitation_resent': 'Resent an invitation',
  'team.invitation_cancelled': 'Cancelled an invitation',
  'team.member_joined': 'Joined the team',
  'team.member_role_changed': 'Changed a member’s role',
  'team.member_removed': 'Removed a team member',
  'team.member_left': 'Left the team',
  'token.created': 'Created an API token',
  'token.updated': 'Changed an API token’s abilities',
  'token.deleted': 'Deleted an API token',
  'library.copied': 'Copied a library problem into a project',
  'library.strategy_copied': 'Copied a library strategy into a problem',
  'library.saved': 'Saved a problem to the team library',
  'library.deleted': 'Removed an item from the team library',
  'comment.created': 'Commented',
  'comment.updated': 'Edited a comment',
  'comment.deleted': 'Deleted a comment',
  'project.created': 'Created a project',
  'project.updated': 'Updated a project',
  'project.archived': 'Archived a project',
  'project.restored': 'Restored a project',
  'project.deleted': 'Deleted a project',
  'logframe.exported': 'Exported a logframe (XLSX)',
  'logframe.imported': 'Imported a logframe (XLSX)',
  'problem.created': 'Created a problem',
  'problem.updated': 'Edited a problem',
  'problem.deleted': 'Deleted a problem',
  'element.created': 'Added a theory-of-change element',
  'element.updated': 'Edited a theory-of-change element',
  'element.deleted': 'Deleted a theory-of-change element',
  'element.reordered': 'Reordered theory-of-change elements',
  'link.created': 'Linked two elements',
  'link.updated': 'Edited a link’s assumptions or risks',
  'link.deleted': 'Removed a link',
};

/** 'team.member_added' -> 'Added a team member'; unknown actions -> 'Team: member added'. */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [noun, ...rest] = action.split('.');
  const verb = rest.join(' ').replace(/[_.]+/g, ' ').trim();
  const subject = noun.replace(/[_-]+/g, ' ');
  const cap = subject.charAt(0).toUpperCase() + subject.slice(1);
  return verb ? `${cap}: ${verb}` : cap;
}
