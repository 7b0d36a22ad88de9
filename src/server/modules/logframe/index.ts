import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLogframeRoutes } from './logframe.routes.js';

/** Logframe XLSX: export a problem's results framework as a workbook, import one as a new problem. */
export async function logframeModule(app: FastifyInstance, ctx: AppContext) {
  await registerLogframeRoutes(app, ctx);
}
