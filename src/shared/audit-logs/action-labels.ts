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
  'metric.created': 'Added a metric',
  'metric.updated': 'Edited a metric',
  'metric.deleted': 'Deleted a metric',
  'metric.targets_updated': 'Set a metric’s targets',
  'metric_value.created': 'Entered a metric value',
  'metric_value.updated': 'Corrected a metric value',
  'metric_value.deleted': 'Deleted a metric value',
  'data_point.created': 'Added a data point',
  'data_point.updated': 'Edited a data point',
  'data_point.deleted': 'Deleted a data point',
  'data_point.starred': 'Starred a key data point',
  'data_point.unstarred': 'Unstarred a data point',
  'survey_question.created': 'Added a survey question',
  'survey_question.updated': 'Edited a survey question',
  'survey_question.deleted': 'Deleted a survey question',
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
