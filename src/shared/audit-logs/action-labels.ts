/** Audit actions in plain words. Modules that write new actions add their label here. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in attempt',
  'auth.logout': 'Signed out',
  'auth.registered': 'Created an account',
  'auth.email_verified': 'Verified their email address',
  'auth.password_reset_requested': 'Asked for a password reset link',
  'auth.password_reset': 'Reset their password',
  'auth.password_changed': 'Changed their password',
  'auth.password_confirmed': 'Confirmed their password',
  'auth.two_factor_enabled': 'Turned on two-factor authentication',
  'auth.two_factor_disabled': 'Turned off two-factor authentication',
  'auth.two_factor_failed': 'Failed two-factor challenge',
  'auth.recovery_codes_regenerated': 'Regenerated recovery codes',
  'auth.sessions_revoked': 'Logged out other browser sessions',
  'profile.updated': 'Updated their profile',
  'profile.email_changed': 'Changed their email address',
  'user.deleted': 'Deleted their account',
  'team.created': 'Created the team',
  'team.updated': 'Updated the team',
  'team.deleted': 'Deleted the team',
  'team.switched': 'Switched team',
  'team.member_added': 'Added a team member',
  'team.member_removed': 'Removed a team member',
  'team.member_left': 'Left the team',
  'team.member_role_changed': 'Changed a member’s role',
  'team.invitation_sent': 'Invited someone to the team',
  'team.invitation_cancelled': 'Cancelled an invitation',
  'team.invitation_accepted': 'Accepted an invitation',
  'team.ownership_transferred': 'Transferred team ownership',
  'token.created': 'Created an API token',
  'token.updated': 'Changed an API token’s abilities',
  'token.deleted': 'Deleted an API token',
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
