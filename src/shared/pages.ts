/**
 * The page contract: every Inertia page's name -> the props the server renders it with.
 * The server's `reply.inertia(name, props)` is typed by it and each page component takes
 * `PagePropsOf<'its/name'>`, so tsc proves a page gets what the server sends. Shared props
 * (auth, app, flash, errors, unreadNotifications) are in `shared-props.ts`.
 */
import type { DataPointShowProps, MetricShowProps, SurveyQuestionShowProps } from './metrics/metrics.pages.js';

/** A page that takes no props of its own. */
type NoProps = Record<never, never>;
/** TODO(contract): domains not yet typed */
type Untyped = Record<string, unknown>;

export interface PageProps {
  welcome: NoProps;
  dashboard: Untyped;
  'legal/terms': NoProps;
  'legal/privacy': NoProps;
  'errors/show': Untyped;
  'errors/not-found': NoProps;
  'auth/login': NoProps;
  'auth/register': NoProps;
  'auth/forgot-password': NoProps;
  'auth/reset-password': Untyped;
  'auth/verify-email': Untyped;
  'auth/confirm-password': NoProps;
  'auth/two-factor-challenge': NoProps;
  'profile/show': Untyped;
  'api-tokens/index': Untyped;
  'teams/create': NoProps;
  'teams/show': Untyped;
  'projects/index': Untyped;
  'projects/create': NoProps;
  'projects/show': Untyped;
  'projects/edit': Untyped;
  'problems/create': Untyped;
  'problems/edit': Untyped;
  'problems/full-view': Untyped;
  'problems/new-full-view': Untyped;
  'problems/table-full-view': Untyped;
  'problems/playground': Untyped;
  'elements/show': Untyped;
  'metrics/show': MetricShowProps;
  'data-points/show': DataPointShowProps;
  'survey-questions/show': SurveyQuestionShowProps;
  'libraries/index': Untyped;
  'libraries/show': Untyped;
  'logs/index': Untyped;
  'notifications/index': Untyped;
}

export type PageName = keyof PageProps;
export type PagePropsOf<K extends PageName> = PageProps[K];
