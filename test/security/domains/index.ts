import type { RouteExpectation } from '../route-expectations.js';
import type { BodyFixture, FixtureContext, ParamFixture } from '../route-fixtures.js';
import { librariesSecurity } from './libraries.js';
import { commentsSecurity } from './comments.js';
import { projectsSecurity } from './projects.js';
import { logframeSecurity } from './logframe.js';
import { problemsSecurity } from './problems.js';
import { tocViewsSecurity } from './toc-views.js';
import { metricsSecurity } from './metrics.js';
import { formsSecurity } from './forms.js';
import { sourcesSecurity } from './sources.js';
import { insightsSecurity } from './insights.js';
import { learningsSecurity } from './learnings.js';
import { transformationsSecurity } from './transformations.js';
import { communitySecurity } from './community.js';
import { settingsSecurity } from './settings.js';
import { databasesSecurity } from './databases.js';
import { connectorsSecurity } from './connectors.js';
import { longitudinalSecurity } from './longitudinal.js';
import { assistantSecurity } from './assistant.js';
import { codingSecurity } from './coding.js';
import { codingThemesSecurity } from './coding-themes.js';
import { gridsSecurity } from './grids.js';
import { webhooksSecurity } from './webhooks.js';

/**
 * Each domain of the results framework pins its routes in its own file here
 * (test/security/domains/<domain>.ts exporting `expectations`, `bodies` and, if needed,
 * `paramFixtures` per route) and adds ONE line per list below.
 */
export interface DomainSecurity {
  expectations: Record<string, RouteExpectation>;
  bodies?: Record<string, BodyFixture | Partial<Record<string, BodyFixture>>>;
  routeParamFixtures?: Record<string, Record<string, ParamFixture>>;
  /** routes taking a form's answers: junk inside repeat instances, refused on its instance path */
  answerPaths?: Record<string, AnswerPathCase>;
}

/** A route whose answers may hold a `members` repeat: where to send them, and the body around them. */
export interface AnswerPathCase {
  /** a fresh record of team A whose form version asks the `members` repeat */
  url: (c: FixtureContext) => Promise<string>;
  body: (members: unknown[]) => unknown;
}

const DOMAINS: DomainSecurity[] = [
  librariesSecurity,
  commentsSecurity,
  projectsSecurity,
  logframeSecurity,
  problemsSecurity,
  tocViewsSecurity,
  metricsSecurity,
  formsSecurity,
  sourcesSecurity,
  insightsSecurity,
  learningsSecurity,
  transformationsSecurity,
  communitySecurity,
  settingsSecurity,
  databasesSecurity,
  connectorsSecurity,
  longitudinalSecurity,
  assistantSecurity,
  codingSecurity,
  codingThemesSecurity,
  gridsSecurity,
  webhooksSecurity,
];

export const DOMAIN_EXPECTATIONS: Record<string, RouteExpectation> = Object.assign(
  {},
  ...DOMAINS.map((d) => d.expectations),
);
export const DOMAIN_ROUTE_BODIES: Record<
  string,
  BodyFixture | Partial<Record<string, BodyFixture>>
> = Object.assign({}, ...DOMAINS.map((d) => d.bodies ?? {}));
export const DOMAIN_ANSWER_PATHS: Record<string, AnswerPathCase> = Object.assign(
  {},
  ...DOMAINS.map((d) => d.answerPaths ?? {}),
);
export const DOMAIN_ROUTE_PARAM_FIXTURES: Record<
  string,
  Record<string, ParamFixture>
> = Object.assign({}, ...DOMAINS.map((d) => d.routeParamFixtures ?? {}));
