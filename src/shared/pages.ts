/**
 * The page contract: every Inertia page's name -> the props the server renders it with.
 * The server's `reply.inertia(name, props)` is typed by it and each page component takes
 * `PagePropsOf<'its/name'>`, so tsc proves a page gets what the server sends. Shared props
 * (auth, app, flash, errors, unreadNotifications) are in `shared-props.ts`.
 */
import type { ResetPasswordProps, VerifyEmailProps } from './accounts/accounts.pages.js';
import type { ApiTokensIndexProps } from './api-tokens/api-tokens.pages.js';
import type { LogsIndexProps } from './audit-logs/audit-logs.pages.js';
import type { DashboardProps, ErrorPageProps } from './core/core.pages.js';
import type { InsightsShowProps } from './insights/insights.js';
import type { ChanakyaIndexProps } from './assistant/assistant.js';
import type { LibrariesIndexProps, LibraryShowProps } from './libraries/libraries.pages.js';
import type {
  DataPointShowProps,
  MetricShowProps,
  SurveyQuestionShowProps,
} from './metrics/metrics.pages.js';
import type { DataPointRowsProps } from './metrics/bindings.js';
import type { NotificationsIndexProps } from './notifications/notifications.pages.js';
import type { PlaygroundProps } from './playground/playground.pages.js';
import type {
  ElementPageProps,
  FullViewProps,
  ProblemCreateProps,
  ProblemEditProps,
} from './problems/problems.types.js';
import type { DiagramViewProps, TableViewProps } from './problems/toc-views.pages.js';
import type { ProfileShowProps } from './profile/profile.types.js';
import type {
  ProjectEditProps,
  ProjectShowProps,
  ProjectsIndexProps,
} from './projects/projects.pages.js';
import type { TeamShowProps } from './teams/teams.pages.js';
import type {
  FormCreateProps,
  FormFieldsProps,
  FormResponsesProps,
  ResponseExportProps,
  FormsIndexProps,
  ResponseDetailProps,
  ReviewQueueProps,
  StakeholderResponsesProps,
  StakeholdersIndexProps,
} from './forms/forms.pages.js';
import type { XlsformImportProps } from './forms/xlsform.js';
import type {
  DatagridProps,
  JobStatusProps,
  SourceShowProps,
  SourcesCreateProps,
  SourcesIndexProps,
  SurveyPreviewProps,
} from './datasets/datasets.pages.js';
import type { LongitudinalProps } from './datasets/longitudinal.pages.js';
import type {
  TransformationCreateProps,
  TransformationRunProps,
  TransformationShowProps,
  TransformationsIndexProps,
} from './transformations/transformations.pages.js';
import type {
  CommunityBrowseProps,
  CommunityFeedProps,
  CommunityShowProps,
  CommunityThreadFormProps,
  CommunityThreadShowProps,
  CommunityShareProps,
  CommunityCardProps,
} from './community/community.pages.js';
import type {
  FeatureSettingsProps,
  RequestReviewLimitProps,
  SettingsExportsProps,
  SettingsIndexProps,
  SettingsShowProps,
  VideoTextProps,
} from './settings/settings.pages.js';
import type {
  DatabasesCreateProps,
  DatabasesEditProps,
  DatabasesIndexProps,
  DatabasesShowProps,
  SourcesAuthenticationProps,
} from './databases/databases.pages.js';
import type {
  IntegrationsCreateProps,
  IntegrationsIndexProps,
  IntegrationsShowProps,
} from './connectors/connectors.pages.js';
import type { WebhooksIndexProps, WebhooksShowProps } from './webhooks/webhooks.pages.js';

import type {
  DeductiveInputsProps,
  IntelligentColumnProps,
  IntelligentColumnsProps,
} from './coding/coding.pages.js';
import type {
  IntelligentColumnKindProps,
  IntelligentColumnRubricProps,
} from './coding/kinds.pages.js';
import type { IntelligentGridProps, IntelligentGridsProps } from './grids/grids.pages.js';

/** A page that takes no props of its own. */
type NoProps = Record<never, never>;

/** @public the page registry; a test may add its own pages by augmenting this interface */
export interface PageProps {
  welcome: NoProps;
  dashboard: DashboardProps;
  'legal/terms': NoProps;
  'legal/privacy': NoProps;
  'errors/show': ErrorPageProps;
  'errors/not-found': NoProps;
  'auth/login': NoProps;
  'auth/register': NoProps;
  'auth/forgot-password': NoProps;
  'auth/reset-password': ResetPasswordProps;
  'auth/verify-email': VerifyEmailProps;
  'auth/confirm-password': NoProps;
  'auth/two-factor-challenge': NoProps;
  'profile/show': ProfileShowProps;
  'api-tokens/index': ApiTokensIndexProps;
  'teams/create': NoProps;
  'teams/show': TeamShowProps;
  'projects/index': ProjectsIndexProps;
  'projects/create': NoProps;
  'projects/show': ProjectShowProps;
  'projects/edit': ProjectEditProps;
  'problems/create': ProblemCreateProps;
  'problems/edit': ProblemEditProps;
  'problems/full-view': FullViewProps;
  'problems/new-full-view': DiagramViewProps;
  'problems/table-full-view': TableViewProps;
  'problems/playground': PlaygroundProps;
  'elements/show': ElementPageProps;
  'metrics/show': MetricShowProps;
  'data-points/show': DataPointShowProps;
  'data-points/rows': DataPointRowsProps;
  'survey-questions/show': SurveyQuestionShowProps;
  'libraries/index': LibrariesIndexProps;
  'libraries/show': LibraryShowProps;
  'logs/index': LogsIndexProps;
  'notifications/index': NotificationsIndexProps;
  'surveyholders/index': FormsIndexProps;
  'surveyholders/create': FormCreateProps;
  'surveyholders/xlsform': XlsformImportProps;
  'surveyholders/fields': FormFieldsProps;
  'surveyholders/responses': FormResponsesProps;
  'forms/response-export': ResponseExportProps;
  'surveyholders/response': ResponseDetailProps;
  'surveyholders/review': ReviewQueueProps;
  'surveyholders/stakeholder-responses': StakeholderResponsesProps;
  'stakeholders/index': StakeholdersIndexProps;
  'stakeholders/create': FormCreateProps;
  'stakeholders/fields': FormFieldsProps;
  'stakeholders/responses': FormResponsesProps;
  'stakeholders/response': ResponseDetailProps;
  'stakeholders/review': ReviewQueueProps;
  'sources/index': SourcesIndexProps;
  'sources/create': SourcesCreateProps;
  'sources/show': SourceShowProps;
  'survey-sources/preview': SurveyPreviewProps;
  'survey-sources/job-status': JobStatusProps;
  'insights/show': InsightsShowProps;
  'chanakya/index': ChanakyaIndexProps;
  'transformations/index': TransformationsIndexProps;
  'transformations/create': TransformationCreateProps;
  'transformations/show': TransformationShowProps;
  'transformations/status': TransformationRunProps;
  'survey-sources/datagrid': DatagridProps;
  'survey-sources/longitudinal': LongitudinalProps;
  'surveyholders/intelligent-columns': IntelligentColumnsProps;
  'surveyholders/intelligent-column': IntelligentColumnProps;
  'surveyholders/intelligent-column-kind': IntelligentColumnKindProps;
  'surveyholders/intelligent-column-rubric': IntelligentColumnRubricProps;
  'surveyholders/intelligent-grids': IntelligentGridsProps;
  'surveyholders/intelligent-grid': IntelligentGridProps;
  'survey-sources/deductive-inputs': DeductiveInputsProps;
  'community/feed': CommunityFeedProps;
  'community/communities': CommunityBrowseProps;
  'community/show': CommunityShowProps;
  'community/threads/create': CommunityThreadFormProps;
  'community/threads/edit': CommunityThreadFormProps;
  'community/threads/show': CommunityThreadShowProps;
  'community/share': CommunityShareProps;
  'community/cards/show': CommunityCardProps;
  'settings/index': SettingsIndexProps;
  'settings/show': SettingsShowProps;
  'settings/team-feature-settings': FeatureSettingsProps;
  'settings/request-review-limit': RequestReviewLimitProps;
  'settings/video-text': VideoTextProps;
  'settings/exports': SettingsExportsProps;
  'databases/index': DatabasesIndexProps;
  'databases/create': DatabasesCreateProps;
  'databases/edit': DatabasesEditProps;
  'databases/show': DatabasesShowProps;
  'settings/sources-authentication': SourcesAuthenticationProps;
  'integrations/index': IntegrationsIndexProps;
  'integrations/create': IntegrationsCreateProps;
  'integrations/show': IntegrationsShowProps;
  'webhooks/index': WebhooksIndexProps;
  'webhooks/show': WebhooksShowProps;
}

export type PageName = keyof PageProps;
export type PagePropsOf<K extends PageName> = PageProps[K];
