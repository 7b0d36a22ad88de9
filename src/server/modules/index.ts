import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { coreModule } from './core/index.js';
import { accountsModule } from './accounts/index.js';
import { teamsModule } from './teams/index.js';
import { profileModule } from './profile/index.js';
import { twoFactorModule } from './two-factor/index.js';
import { apiTokensModule } from './api-tokens/index.js';
import { apiModule } from './api/index.js';
import { auditLogsModule } from './audit-logs/index.js';
import { notificationsModule } from './notifications/index.js';
import { librariesModule } from './libraries/index.js';
import { commentsModule } from './comments/index.js';
import { projectsModule } from './projects/index.js';
import { logframeModule } from './logframe/index.js';
import { problemsModule } from './problems/index.js';
import { playgroundModule } from './playground/index.js';
import { metricsModule } from './metrics/index.js';
import { formsModule } from './forms/index.js';
import { datasetsModule } from './datasets/index.js';
import { sourcesModule } from './sources/index.js';
import { insightsModule } from './insights/index.js';
import { learningsModule } from './learnings/index.js';
import { transformationsModule } from './transformations/index.js';
import { communityModule } from './community/index.js';
import { settingsModule } from './settings/index.js';
import { databasesModule } from './databases/index.js';
import { connectorsModule } from './connectors/index.js';
import { longitudinalModule } from './longitudinal/index.js';
import { assistantModule } from './assistant/index.js';
import { codingModule } from './coding/index.js';
import { gridsModule } from './grids/index.js';
import { webhooksModule } from './webhooks/index.js';

/** Every domain module, in registration order. Add a module here (one line each). */
const MODULES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  coreModule,
  accountsModule,
  teamsModule,
  profileModule,
  twoFactorModule,
  apiTokensModule,
  apiModule,
  auditLogsModule,
  notificationsModule,
  librariesModule,
  commentsModule,
  projectsModule,
  logframeModule,
  problemsModule,
  playgroundModule,
  metricsModule,
  formsModule,
  datasetsModule,
  sourcesModule,
  insightsModule,
  learningsModule,
  transformationsModule,
  communityModule,
  settingsModule,
  databasesModule,
  connectorsModule,
  longitudinalModule,
  assistantModule,
  codingModule,
  gridsModule,
  webhooksModule,
];

export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  for (const mod of MODULES) await mod(app, ctx);
}
