import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLogframeRoutes } from './logframe.routes.js';

/** Logframe XLSX: export a problem's results framework as a workbook, import one as a new problem. */
export async function logframeModule(app: FastifyInstance, ctx: AppContext) {
  await registerLogframeRoutes(app, ctx);
}

// the workbook reader and writer (exceljs) are imported by the service on first use, not from here:
// a static import would load exceljs at start
export type { LogframeActuals } from './logframe-writer.js';
export type { LogframeError, ReadResult } from './logframe-reader.js';
