/**
 * The Chanakya assistant (modules/assistant): conversations kept per user, answers citing the
 * records they used. Zod-free types shared by the server and the chat page.
 */

/** A record an answer used, shown as a link. */
export interface Citation {
  kind: 'problem' | 'element' | 'metric' | 'form' | 'response';
  id: string;
  label: string;
  /** the page that shows it */
  href: string;
  /** a quoted passage (full-text search answers) */
  quote?: string;
}

export type AssistantEngine = 'offline' | 'model';

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: string;
}

export interface AssistantMessageView {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  engine: AssistantEngine | null;
  createdAt: string;
}

export interface ChanakyaIndexProps {
  conversations: ConversationSummary[];
  /** the open conversation (null: a new one) */
  conversation: { id: string; title: string; messages: AssistantMessageView[] } | null;
  engine: AssistantEngine;
  /** the questions the offline engine understands, as examples */
  examples: string[];
}

/** GET chanakya.problem: the side panel of a problem page (its latest conversation of the user's). */
export interface ChanakyaPanelData {
  problem: { id: string; title: string };
  conversation: { id: string; title: string; messages: AssistantMessageView[] } | null;
  engine: AssistantEngine;
  examples: string[];
}

/** One line of the streamed answer (application/x-ndjson). */
export type StreamEvent =
  | { type: 'conversation'; id: string; url: string }
  | { type: 'text'; text: string }
  | { type: 'citations'; citations: Citation[] }
  | { type: 'error'; message: string }
  | { type: 'done'; messageId: string };
