import { z } from 'zod';
import { AssistantRefusal } from './model.js';
import { sseData } from './sse.js';
import {
  ModelCallError,
  postChat,
  type ModelCallOptions,
  type ModelConfig,
} from '../../platform/model/model-client.js';

/**
 * One plain call to an OpenAI-compatible chat completions service, no tools: the model's whole
 * text, streamed (as the assistant reads it) and assembled. Other modules use it for structured
 * answers (`json: true` asks for a JSON object; the caller validates it). A service that cannot be
 * reached (after the shared client's retries), an HTTP error or a chunk that is not the documented shape is an `AssistantRefusal`.
 */
export interface TextCall {
  config: ModelConfig;
  system: string;
  user: string;
  json?: boolean;
  /** retries and waits (`ctx.modelCalls`) */
  calls: ModelCallOptions;
}

const chunkSchema = z.object({
  choices: z
    .array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() }))
    .default([]),
});

export async function completeText(call: TextCall): Promise<string> {
  let body: ReadableStream<Uint8Array>;
  try {
    body = await postChat(
      call.config,
      {
        messages: [
          { role: 'system', content: call.system },
          { role: 'user', content: call.user },
        ],
        ...(call.json ? { response_format: { type: 'json_object' } } : {}),
        stream: true,
      },
      call.calls,
    );
  } catch (err) {
    if (err instanceof ModelCallError) throw new AssistantRefusal(err.message);
    throw err;
  }
  let text = '';
  for await (const data of sseData(body)) {
    if (data.trim() === '[DONE]') break;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new AssistantRefusal('The model sent a malformed stream (not JSON).');
    }
    const chunk = chunkSchema.safeParse(json);
    if (!chunk.success)
      throw new AssistantRefusal('The model sent a chunk that does not fit the chat format.');
    for (const choice of chunk.data.choices) text += choice.delta?.content ?? '';
  }
  return text;
}
