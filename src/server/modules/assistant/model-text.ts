import { z } from 'zod';
import { AssistantRefusal } from './model.js';
import { sseData } from './sse.js';

/**
 * One plain call to an OpenAI-compatible chat completions service, no tools: the model's whole
 * text, streamed (as the assistant reads it) and assembled. Other modules use it for structured
 * answers (`json: true` asks for a JSON object; the caller validates it). A service that cannot be
 * reached, an HTTP error or a chunk that is not the documented shape is an `AssistantRefusal`.
 */
interface ModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}
export interface TextCall {
  config: ModelConfig;
  system: string;
  user: string;
  json?: boolean;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 60_000;
const chunkSchema = z.object({
  choices: z
    .array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() }))
    .default([]),
});

export async function completeText(call: TextCall): Promise<string> {
  const doFetch = call.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${call.config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${call.config.apiKey}`,
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        model: call.config.model,
        messages: [
          { role: 'system', content: call.system },
          { role: 'user', content: call.user },
        ],
        ...(call.json ? { response_format: { type: 'json_object' } } : {}),
        stream: true,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AssistantRefusal('The model service could not be reached.');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new AssistantRefusal(`The model service refused the request (HTTP ${res.status}).`);
  }
  let text = '';
  for await (const data of sseData(res.body)) {
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
