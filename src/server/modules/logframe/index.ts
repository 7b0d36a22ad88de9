import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLogframeRoutes } from './logframe.routes.js';

/** Logframe XLSX: export a problem's results framework as a workbook, import one as a new problem. */
export async function logframeModule(app: FastifyInstance, ctx: AppContext) {
  await registerLogframeRoutes(app, ctx);
}

export { templateToWorkbook, templateToXlsx, type LogframeActuals } from './logframe-writer.js';
export { workbookToTemplate, type LogframeError, type ReadResult } from './logframe-reader.js';
