import { z } from 'zod';
import type { Citation } from '../../../shared/assistant/assistant.js';
import type { Masker } from './masking.js';
import type { Answer, AnswerSink } from './offline.js';
import { sseData } from './sse.js';
import {
  ModelCallError,
  postChat,
  type ModelCallOptions,
  type ModelConfig,
} from '../../platform/model/model-client.js';
import { TOOLS, TOOL_NAMES, runTool, type ToolEnv, type ToolName } from './tools.js';

/**
 * The model engine: an OpenAI-compatible chat completions client (plain fetch, streamed SSE) with
 * tool calling over the same fixed tools as the offline engine. Everything sent is masked first
 * (emails, phones, stakeholder names); the model's text is unmasked for the user. A model output
 * that does not fit (a tool that does not exist, arguments that are not JSON or do not match the
 * tool's schema) is refused, and the answer says so. Each call to the model is counted first
 * against the team's monthly limit (`grant`), and refused past it.
 */

/** A refusal the user reads as the answer (the model misbehaved, or the limit is reached). */
export class AssistantRefusal extends Error {}

type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const MAX_ROUNDS = 4;

const SYSTEM = `You are Chanakya, the assistant of an M&E (monitoring and evaluation) application. Answer questions about the team's theory of change, metrics and survey data ONLY with the tools given; never invent figures, records or quotes. Each tool result lists the records it used with a number "ref"; cite them in your answer as [ref]. If no tool can answer, say plainly what you can answer instead. Placeholders such as [name 1] or [email 1] stand for personal data: keep them as they are.`;

const toolDefinitions = () =>
  TOOL_NAMES.map((name) => ({
    type: 'function' as const,
    function: {
      name,
      description: TOOLS[name].description,
      parameters: z.toJSONSchema(TOOLS[name].args, { io: 'input' }),
    },
  }));

const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(
                z.object({
                  index: z.number().int().min(0).max(31),
                  id: z.string().nullish(),
                  function: z
                    .object({ name: z.string().nullish(), arguments: z.string().nullish() })
                    .nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
});

export interface ModelTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRun {
  env: ToolEnv;
  config: ModelConfig;
  /** earlier turns of the conversation (oldest first) */
  history: readonly ModelTurn[];
  question: string;
  /** the problem the question is asked from (its side panel): the tools see only it */
  about?: string;
  masker: Masker;
  /** counts one model request; false (with the message to show) at the team's limit */
  grant: () => Promise<{ ok: true } | { ok: false; message: string }>;
  sink: AnswerSink;
  /** retries and waits (`ctx.modelCalls`) */
  calls: ModelCallOptions;
}

/** One streamed call: the text (unmasked, passed on to the sink as it comes) and the tool calls. */
async function complete(run: ModelRun, messages: ChatMessage[]) {
  const granted = await run.grant();
  if (!granted.ok) throw new AssistantRefusal(granted.message);
  let body: ReadableStream<Uint8Array>;
  try {
    body = await postChat(
      run.config,
      { messages, tools: toolDefinitions(), tool_choice: 'auto', stream: true },
      run.calls,
    );
  } catch (err) {
    if (err instanceof ModelCallError) throw new AssistantRefusal(err.message);
    throw err;
  }
  let text = '';
  let held = '';
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  for await (const data of sseData(body)) {
    if (data.trim() === '[DONE]') break;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new AssistantRefusal(
        'The model sent a malformed stream (not JSON); its answer was refused.',
      );
    }
    const chunk = chunkSchema.safeParse(json);
    if (!chunk.success)
      throw new AssistantRefusal(
        'The model sent a chunk that does not fit the chat completions format; its answer was refused.',
      );
    for (const choice of chunk.data.choices) {
      const delta = choice.delta;
      if (delta?.content) {
        text += delta.content;
        held = emitUnmasked(run, held + delta.content, false);
      }
      for (const tc of delta?.tool_calls ?? []) {
        const call = (calls[tc.index] ??= { id: '', name: '', arguments: '' });
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name += tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
      }
    }
  }
  emitUnmasked(run, held, true);
  return { text, calls: calls.filter(Boolean) };
}

/**
 * Passes streamed text on unmasked; a placeholder cut between two chunks ("[na" + "me 1]") is held
 * back until it is whole (or the stream ends). Returns what it held.
 */
function emitUnmasked(run: ModelRun, text: string, final: boolean): string {
  const open = text.lastIndexOf('[');
  const cut = !final && open >= 0 && !text.includes(']', open) && text.length - open < 16;
  const ready = cut ? text.slice(0, open) : text;
  if (ready) run.sink.text(run.masker.unmask(ready));
  return cut ? text.slice(open) : '';
}

/** The tool call checked: a known tool, JSON arguments that fit its schema; else refused. */
function checkedCall(call: { name: string; arguments: string }, masker: Masker) {
  if (!(TOOL_NAMES as string[]).includes(call.name))
    throw new AssistantRefusal(
      `The model asked for a tool that does not exist (“${call.name.slice(0, 60)}”); its answer was refused.`,
    );
  let args: unknown;
  try {
    args = JSON.parse(masker.unmask(call.arguments || '{}'));
  } catch {
    throw new AssistantRefusal(
      `The model sent arguments for ${call.name} that are not valid JSON; its answer was refused.`,
    );
  }
  const parsed = TOOLS[call.name as ToolName].args.safeParse(args);
  if (!parsed.success)
    throw new AssistantRefusal(
      `The model sent arguments for ${call.name} that do not fit the tool (${parsed.error.issues[0]?.message ?? 'invalid'}); its answer was refused.`,
    );
  return { name: call.name as ToolName, args: parsed.data };
}

export async function answerWithModel(run: ModelRun): Promise<Answer> {
  const { masker } = run;
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: run.about
        ? `${SYSTEM} The user asks from the page of the problem “${masker.mask(run.about)}”: the tools only see that problem's theory of change and metrics and the forms of its project.`
        : SYSTEM,
    },
    ...run.history.map((t) => ({ role: t.role, content: masker.mask(t.content) })),
    { role: 'user', content: masker.mask(run.question) },
  ];
  const citations: Citation[] = [];
  const tools: string[] = [];
  let shown = '';
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { text, calls } = await complete(run, messages);
    shown += masker.unmask(text);
    if (!calls.length) return { content: shown, citations, engine: 'model', tools };
    const checked = calls.map((c) => checkedCall(c, masker));
    messages.push({
      role: 'assistant',
      content: text || null,
      tool_calls: calls.map((c, i) => ({
        id: c.id || `call_${round}_${i}`,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      })),
    });
    for (let i = 0; i < checked.length; i++) {
      const result = await runTool(run.env, checked[i].name, checked[i].args);
      tools.push(checked[i].name);
      const records = result.citations.map((c) => {
        citations.push(c);
        return { ref: citations.length, kind: c.kind, label: c.label };
      });
      messages.push({
        role: 'tool',
        tool_call_id: calls[i].id || `call_${round}_${i}`,
        content: masker.mask(
          JSON.stringify({
            answer: result.text.replace(/ \[\d+\]/g, ''),
            data: result.data,
            records,
          }),
        ),
      });
    }
  }
  throw new AssistantRefusal(
    `The model kept calling tools without answering (${MAX_ROUNDS} rounds); its answer was refused.`,
  );
}
