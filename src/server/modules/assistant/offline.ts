import type { Citation } from '../../../shared/assistant/assistant.js';
import { EXAMPLE_QUESTIONS, matchIntent } from './intents.js';
import { runTool, type ToolEnv } from './tools.js';

/** Where an answer's text goes as it is made (the streamed response). */
export interface AnswerSink {
  text(chunk: string): void;
}
export interface Answer {
  content: string;
  citations: Citation[];
  engine: 'offline' | 'model';
  /** the tools it ran (audited) */
  tools: string[];
}

const BEYOND_ME =
  'I can only answer questions that match one of my tools, and this one does not. I understand questions like:\n' +
  EXAMPLE_QUESTIONS.map((q) => `• ${q}`).join('\n');

/** Sends the text in word-sized chunks, as a model would stream it. */
function streamText(sink: AnswerSink, text: string) {
  for (const part of text.match(/\S+\s*|\s+/g) ?? []) sink.text(part);
}

/**
 * The offline engine: the question's intent picks one tool, whose templated answer cites the
 * records it read. A question no intent matches gets the plain list of what it can answer.
 */
export async function answerOffline(
  env: ToolEnv,
  question: string,
  sink: AnswerSink,
): Promise<Answer> {
  const intent = matchIntent(question);
  if (!intent) {
    streamText(sink, BEYOND_ME);
    return { content: BEYOND_ME, citations: [], engine: 'offline', tools: [] };
  }
  const result = await runTool(env, intent.tool, intent.args);
  streamText(sink, result.text);
  return {
    content: result.text,
    citations: result.citations,
    engine: 'offline',
    tools: [intent.tool],
  };
}
