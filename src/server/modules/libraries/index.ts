import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** The library: shipped problems and strategies (content/), a team's own saved items, and the tree copy machinery. */
export async function librariesModule(_app: FastifyInstance, _ctx: AppContext) {}

export { serializeProblem, materializeProblem, materializeStrategy, validateProblemTemplate, validateStrategyTemplate, type SerializeOptions, type MaterializeProblemInput } from './problem-tree.js';
export { templateCanLink, templateProblems } from './template-rules.js';
export { SHIPPED_LIBRARY } from './content/index.js';
export type { LibraryEntry } from './library-entry.js';
