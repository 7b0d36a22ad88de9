/** Readable labels for audit actions (noun.verb); unknown actions are spelled out from their name. */
const LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.login_failed': 'Failed sign-in attempt',
  'auth.registered': 'Created an account',
  'auth.password_reset': 'Reset their password',
  'auth.password_changed': 'Changed their password',
  'auth.email_verified': 'Verified their email address',
  'auth.two_factor_enabled': 'Turned on two-factor authentication',
  'auth.two_factor_disabled': 'Turned off two-factor authentication',
  'auth.recovery_codes_regenerated': 'Generated new recovery codes',
  'auth.sessions_revoked': 'Logged out other browser sessions',
  'profile.updated': 'Updated their profile',
  'user.deleted': 'Deleted their account',
  'team.created': 'Created the team',
  'team.updated': 'Renamed the team',
  'team.deleted': 'Deleted the team',
  'team.switched': 'Switched team',
  'team.member_invited': 'Invited a teammate',
  'team.invitation_cancelled': 'Cancelled an invitation',
  'team.invitation_accepted': 'Joined the team',
  'team.member_added': 'Added a team member',
  'team.member_removed': 'Removed a team member',
  'team.member_left': 'Left the team',
  'team.role_changed': 'Changed a member’s role',
  'team.ownership_transferred': 'Transferred team ownership',
  'api_token.created': 'Created an API token',
  'api_token.updated': 'Changed an API token’s permissions',
  'api_token.deleted': 'Deleted an API token',
};

/** 'team.member_added' -> 'Team member added' when no label is known. */
export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Activity';
}
