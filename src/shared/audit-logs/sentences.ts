/**
 * Every audit action as a sentence: "Ada Lovelace deleted the metric “Girls enrolled”".
 * `[...]` is kept only when the entry names its subject ({subject}); {actor} is the person.
 * A test (sentences.test.ts) fails when an action written anywhere in src/server has no sentence.
 */
export const AUDIT_SENTENCES: Record<string, string> = {
  'auth.login': '{actor} signed in',
  'auth.login_failed': 'A sign-in as {actor} failed',
  'auth.logout': '{actor} signed out',
  'auth.registered': '{actor} created an account',
  'auth.email_verified': '{actor} verified their email address',
  'auth.password_reset': '{actor} reset their password',
  'auth.two_factor_failed': 'A two-factor code for {actor} was wrong',
  'two_factor.enabled': '{actor} turned on two-factor authentication',
  'two_factor.disabled': '{actor} turned off two-factor authentication',
  'two_factor.recovery_codes_regenerated': '{actor} made new recovery codes',
  'two_factor.setup_started': '{actor} started setting up two-factor authentication',
  'two_factor.setup_cancelled': '{actor} cancelled setting up two-factor authentication',
  'password.confirmed': '{actor} confirmed their password',
  'user.profile_updated': '{actor} updated their profile',
  'user.password_changed': '{actor} changed their password',
  'user.sessions_revoked': '{actor} signed out their other browser sessions',
  'user.deleted': '{actor} deleted their account',
  'team.created': '{actor} created the team[ “{subject}”]',
  'team.updated': '{actor} renamed the team[ to “{subject}”]',
  'team.deleted': '{actor} deleted the team[ “{subject}”]',
  'team.switched': '{actor} switched to the team[ “{subject}”]',
  'team.member_invited': '{actor} invited [{subject} ]to the team',
  'team.invitation_resent': '{actor} resent the invitation[ to {subject}]',
  'team.invitation_cancelled': '{actor} cancelled the invitation[ to {subject}]',
  'team.member_joined': '{actor} joined the team',
  'team.member_role_changed': '{actor} changed the role of [{subject}][a member]',
  'team.member_removed': '{actor} removed [{subject}][a member] from the team',
  'team.member_left': '{actor} left the team',
  'token.created': '{actor} created the API token[ “{subject}”]',
  'token.updated': '{actor} changed the abilities of the API token[ “{subject}”]',
  'token.deleted': '{actor} deleted the API token[ “{subject}”]',
  'library.copied': '{actor} copied the library problem[ “{subject}”] into a project',
  'library.strategy_copied': '{actor} copied the library strategy[ “{subject}”] into a problem',
  'library.saved': '{actor} saved[ “{subject}”] to the team library',
  'library.deleted': '{actor} removed[ “{subject}”] from the team library',
  'comment.created': '{actor} commented[ on “{subject}”]',
  'comment.updated': '{actor} edited a comment[ on “{subject}”]',
  'comment.deleted': '{actor} deleted a comment[ on “{subject}”]',
  'project.created': '{actor} created the project[ “{subject}”]',
  'project.updated': '{actor} updated the project[ “{subject}”]',
  'project.archived': '{actor} archived the project[ “{subject}”]',
  'project.restored': '{actor} restored the project[ “{subject}”]',
  'project.deleted': '{actor} deleted the project[ “{subject}”]',
  'logframe.exported': '{actor} exported the logframe[ of “{subject}”] as a workbook',
  'logframe.imported': '{actor} imported a logframe workbook[ as “{subject}”]',
  'problem.created': '{actor} created the problem[ “{subject}”]',
  'problem.updated': '{actor} edited the problem[ “{subject}”]',
  'problem.deleted': '{actor} deleted the problem[ “{subject}”]',
  'element.created': '{actor} added[ “{subject}”] to the theory of change',
  'element.updated': '{actor} edited[ “{subject}”] in the theory of change',
  'element.deleted': '{actor} deleted[ “{subject}”] from the theory of change',
  'element.reordered': '{actor} reordered the theory of change',
  'link.created': '{actor} linked[ {subject}]',
  'link.updated': '{actor} edited the assumptions or risks of the link[ {subject}]',
  'link.deleted': '{actor} removed the link[ {subject}]',
  'metric.created': '{actor} added the metric[ “{subject}”]',
  'metric.updated': '{actor} edited the metric[ “{subject}”]',
  'metric.deleted': '{actor} deleted the metric[ “{subject}”]',
  'metric.targets_updated': '{actor} set the targets of the metric[ “{subject}”]',
  'source.uploaded': '{actor} uploaded the file[ “{subject}”]',
  'source.fetched': '{actor} fetched the file[ “{subject}”] from an address',
  'source.schedule_changed': '{actor} changed when[ “{subject}”] is refreshed',
  'dataset.import_retried': '{actor} retried an import of[ “{subject}”]',
  'dataset.import_started': '{actor} started an import of the source[ “{subject}”]',
  'dataset.imported': 'The import of the source[ “{subject}”] finished',
  'dataset.import_failed': 'The import of the source[ “{subject}”] failed',
  'dataset.import_cancelled': 'The import of the source[ “{subject}”] was cancelled',
  'dataset.import_cancel_requested': '{actor} cancelled an import of the source[ “{subject}”]',
  'dataset.deleted': '{actor} deleted the source[ “{subject}”]',
  'settings.updated': '{actor} changed the team’s general settings',
  'settings.features_updated': '{actor} changed which features the team uses',
  'settings.limits_updated': '{actor} changed the team’s monthly limits',
  'settings.video_updated': '{actor} changed the team’s onboarding video',
  'responses.export_requested': '{actor} started an export of a form’s responses',
  'responses.export_downloaded': '{actor} downloaded an export of a form’s responses',
  'responses.export_finished': 'An export of a form’s responses is ready',
  'responses.export_failed': 'An export of a form’s responses failed',
  'settings.export_requested': '{actor} started an export of all the team’s data',
  'settings.export_downloaded': '{actor} downloaded an export of all the team’s data',
  'settings.export_finished': 'An export of all the team’s data is ready',
  'settings.export_failed': 'An export of all the team’s data failed',
  'settings.responses_purged': 'Deleted responses past the retention period were removed for good',
  'metric_value.created': '{actor} entered a value[ for “{subject}”]',
  'metric_value.updated': '{actor} corrected a value[ for “{subject}”]',
  'metric_value.deleted': '{actor} deleted a value[ of “{subject}”]',
  'data_point.created': '{actor} added the data point[ “{subject}”]',
  'data_point.updated': '{actor} edited the data point[ “{subject}”]',
  'data_point.bound': '{actor} changed where the data point[ “{subject}”] gets its values',
  'data_point.deleted': '{actor} deleted the data point[ “{subject}”]',
  'data_point.starred': '{actor} starred the data point[ “{subject}”] as key',
  'data_point.unstarred': '{actor} unstarred the data point[ “{subject}”]',
  'survey_question.created': '{actor} added the survey question[ “{subject}”]',
  'survey_question.updated': '{actor} edited the survey question[ “{subject}”]',
  'survey_question.deleted': '{actor} deleted the survey question[ “{subject}”]',
  'form.created': '{actor} created the form[ “{subject}”]',
  'form.updated': '{actor} changed the settings of the form[ “{subject}”]',
  'form.published': '{actor} published a new version of the form[ “{subject}”]',
  'form.test_link_created': '{actor} made a test link for the draft[ of the form “{subject}”]',
  'form.test_responses_deleted': '{actor} deleted the test responses[ of the form “{subject}”]',
  'form_question.created': '{actor} added the form question[ “{subject}”]',
  'form_question.updated': '{actor} edited the form question[ “{subject}”]',
  'form_question.deleted': '{actor} removed the form question[ “{subject}”]',
  'form_question.moved': '{actor} moved the form question[ “{subject}”]',
  'form_question.duplicated': '{actor} copied a form question[ as “{subject}”]',
  'form_response.reviewed': '{actor} reviewed the response[ {subject}]',
  'form_response.deleted': '{actor} deleted the response[ {subject}]',
  'form_response.restored': '{actor} restored the response[ {subject}]',
  'form_response.edited': '{actor} edited the response[ {subject}]',
  'form_response.file_uploaded': '{actor} uploaded a replacement file for the response[ {subject}]',
  'form_response.submitted': '{actor} sent the response[ {subject}] through the API',
  'form_response.flag_cleared': '{actor} cleared a data quality flag on the response[ {subject}]',
  'form_link.created': '{actor} made a personal form link[ for {subject}]',
  'form_link.revoked': '{actor} withdrew a link[ to the form “{subject}”]',
  'community.created': '{actor} created the community[ “{subject}”]',
  'community.joined': '{actor} joined the community[ “{subject}”]',
  'community.join_requested': '{actor} asked to join the community[ “{subject}”]',
  'community.request_withdrawn':
    '{actor} withdrew their request to join the community[ “{subject}”]',
  'community.left': '{actor} left the community[ “{subject}”]',
  'community.member_approved': '{actor} approved a request to join the community[ “{subject}”]',
  'community.member_role_changed':
    '{actor} changed the role of a member of the community[ “{subject}”]',
  'community.request_declined': '{actor} declined a request to join the community[ “{subject}”]',
  'community.member_removed': '{actor} removed a member from the community[ “{subject}”]',
  'community.report_resolved': '{actor} resolved a report in the community[ “{subject}”]',
  'community.thread_created': '{actor} started the discussion[ “{subject}”]',
  'community.thread_updated': '{actor} edited the discussion[ “{subject}”]',
  'community.thread_deleted': '{actor} deleted the discussion[ “{subject}”]',
  'community.thread_locked': '{actor} locked the discussion[ “{subject}”]',
  'community.thread_unlocked': '{actor} unlocked the discussion[ “{subject}”]',
  'community.thread_hidden': '{actor} hid the discussion[ “{subject}”]',
  'community.thread_shown': '{actor} showed the discussion[ “{subject}”] again',
  'community.response_created': '{actor} responded[ in the discussion “{subject}”]',
  'community.reply_created': '{actor} replied to a response[ in the discussion “{subject}”]',
  'community.post_updated': '{actor} edited a post[ in the discussion “{subject}”]',
  'community.post_deleted': '{actor} deleted a post[ in the discussion “{subject}”]',
  'community.post_hidden': '{actor} hid a post[ in the discussion “{subject}”]',
  'community.post_shown': '{actor} showed a post[ in the discussion “{subject}”] again',
  'community.reported': '{actor} reported a post[ in the discussion “{subject}”]',
  'community.image_uploaded': '{actor} uploaded an image to the community[ “{subject}”]',
  'database.created': '{actor} added the database connection[ “{subject}”]',
  'database.updated': '{actor} edited the database connection[ “{subject}”]',
  'database.deleted': '{actor} deleted the database connection[ “{subject}”]',
  'database.tested': '{actor} tested the database connection[ “{subject}”]',
  'source_credential.rotated':
    '{actor} replaced the password of the database connection[ “{subject}”]',
  'source_credential.revoked':
    '{actor} revoked the password of the database connection[ “{subject}”]',
  'learning.created': '{actor} recorded the learning[ “{subject}”]',
  'learning.updated': '{actor} edited the learning[ “{subject}”]',
  'learning.deleted': '{actor} deleted the learning[ “{subject}”]',
  'learning_question.created': '{actor} added the learning question[ “{subject}”]',
  'learning_question.updated': '{actor} edited the learning question[ “{subject}”]',
  'learning_question.deleted': '{actor} deleted the learning question[ “{subject}”]',
  'transformation.created': '{actor} created the transformation[ “{subject}”]',
  'transformation.steps_saved': '{actor} saved the steps of the transformation[ “{subject}”]',
  'transformation.run_started': '{actor} started a run of the transformation[ “{subject}”]',
  'transformation.run_writing':
    'A run of the transformation[ “{subject}”] started writing its result',
  'transformation.run_failed': 'A run of the transformation[ “{subject}”] failed',
  'transformation.deleted': '{actor} deleted the transformation[ “{subject}”]',
  'transformation.run_cancelled': '{actor} cancelled a run of the transformation[ “{subject}”]',
  'transformation.settings_saved': '{actor} changed when the transformation[ “{subject}”] re-runs',
  'assistant.question_answered': '{actor} asked Chanakya a question[ in “{subject}”]',
  'assistant.conversation_deleted': '{actor} deleted the Chanakya conversation[ “{subject}”]',
  'intelligent_column.created': '{actor} created the intelligent column[ “{subject}”]',
  'intelligent_column.updated':
    '{actor} changed the settings of the intelligent column[ “{subject}”]',
  'codebook.saved': '{actor} saved a new codebook version[ of “{subject}”]',
  'coding_run.started': '{actor} started coding the answers[ of “{subject}”] with its codebook',
  'sentiment_run.started': '{actor} started scoring the sentiment of the answers[ of “{subject}”]',
  'rubric_run.started': '{actor} started rubric scoring of the answers[ of “{subject}”]',
  'summary_run.started': '{actor} started summarising the answers[ of “{subject}”]',
  'coding.verified': '{actor} verified the codes of an answer[ in “{subject}”]',
  'themes.discovery_started': '{actor} started discovering themes[ in “{subject}”]',
  'themes.coded': '{actor} turned a discovered theme into a code[ of “{subject}”]',
  'rubric.saved': '{actor} saved a new rubric version[ of “{subject}”]',
  'rubric.verified': '{actor} scored an answer against the rubric[ in “{subject}”]',
  'intelligent_grid.created': '{actor} created the intelligent grid[ “{subject}”]',
  'intelligent_grid.updated': '{actor} changed the columns of the intelligent grid[ “{subject}”]',
  'intelligent_grid.deleted': '{actor} deleted the intelligent grid[ “{subject}”]',
  'grid_run.started': '{actor} started computing the intelligent grid[ “{subject}”]',
  'connector.created': '{actor} connected the form server[ “{subject}”]',
  'connector.deleted': '{actor} removed the form server connection[ “{subject}”]',
  'connector.tested': '{actor} tested the form server connection[ “{subject}”]',
  'connector.pulled': '{actor} pulled submissions from a form server[ into “{subject}”]',
  'webhook.created': '{actor} added the webhook[ “{subject}”]',
  'webhook.updated': '{actor} changed the webhook[ “{subject}”]',
  'webhook.secret_rotated': '{actor} replaced the signing secret of the webhook[ “{subject}”]',
  'webhook.deleted': '{actor} deleted the webhook[ “{subject}”]',
  'webhook.test_sent': '{actor} sent a test to the webhook[ “{subject}”]',
  'webhook.redelivered': '{actor} sent a delivery of the webhook[ “{subject}”] again',
  'connector.credential_rotated':
    '{actor} replaced the token or password of the form server[ “{subject}”]',
  'connector.credential_revoked':
    '{actor} revoked the token or password of the form server[ “{subject}”]',
  'stakeholder.merged': '{actor} merged two stakeholders[ into {subject}]',
  'form.imported_xlsform': '{actor} imported an XLSForm[ as the form “{subject}”]',
  'form.translations_saved': '{actor} saved translations[ of the form “{subject}”]',
};

export interface AuditEntryLike {
  action: string;
  actorName?: string | null;
  actorEmail?: string | null;
  subjectLabel?: string | null;
}

/** One readable sentence for an audit entry (never a raw action code). */
export function auditSentence(e: AuditEntryLike): string {
  const actor = e.actorName || e.actorEmail || 'Someone';
  const subject = e.subjectLabel?.trim() || '';
  const template = AUDIT_SENTENCES[e.action];
  if (!template) {
    // an action without a sentence yet: still words, never the code
    const words = e.action.replace(/[._]+/g, ' ').trim();
    return `${actor}: ${words}${subject ? ` (“${subject}”)` : ''}`;
  }
  // [with {subject}][without] pairs, then optional [with {subject}] parts
  const filled = template
    .replace(/\[([^\]]*)\]\[([^\]]*)\]/g, (_m, withS: string, without: string) =>
      subject ? withS : without,
    )
    .replace(/\[([^\]]*)\]/g, (_m, part: string) => (subject ? part : ''))
    .replace(/\{subject\}/g, subject)
    .replace(/\{actor\}/g, actor);
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}

const ID_KEY = /(^id$|Id$|Ids$|_id$)/;
const human = (k: string) =>
  k
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/** The details of an entry in words: ids and nested data are left out ("role: editor · email: a@b.org"). */
export function auditDetailsText(
  details: Record<string, unknown> | null | undefined,
): string | null {
  if (!details) return null;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(details)) {
    if (ID_KEY.test(k) || v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) {
      if (v.every((x) => typeof x === 'string' || typeof x === 'number'))
        parts.push(`${human(k)}: ${v.join(', ')}`);
      continue;
    }
    if (typeof v === 'object') continue;
    parts.push(`${human(k)}: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}`);
  }
  return parts.length ? parts.join(' · ') : null;
}
