/**
 * The metrics module's published read model: its tables, for other modules' joins and foreign
 * keys (never their writes, which go through the use cases in index.ts). Kept free of any other
 * import so that modules can reference each other's tables without import cycles.
 */
export {
  metrics,
  dataPoints,
  surveyQuestions,
  metricTargets,
  metricValues,
  type DataPointBinding,
} from './metrics.tables.js';
