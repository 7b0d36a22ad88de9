import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerAssistantRoutes } from './assistant.routes.js';

/**
 * Chanakya, the assistant: a chat screen whose answers stream and cite the records they used,
 * conversations kept per user. Answers come from a fixed set of tools (tools.ts) reading through
 * the team's scoped queries: picked by intent matching offline (the default), or by an
 * OpenAI-compatible model's tool calls when AI_BASE_URL / AI_API_KEY / AI_MODEL are set (masked,
 * counted against the team's monthly limit). Behind the team feature switch `assistant`.
 */
export async function assistantModule(app: FastifyInstance, ctx: AppContext) {
  registerAssistantRoutes(app, ctx);
}

/** The model client and the masking, for other modules asking a model (the intelligent grid). */
export { completeText } from './model-text.js';
export { AssistantRefusal as ModelRefusal } from './model.js';
export { Masker } from './masking.js';
export { stakeholderNames } from './assistant.queries.js';
