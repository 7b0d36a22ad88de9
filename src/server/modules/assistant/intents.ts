import type { ToolName } from './tools.js';
import { contentWords } from './words.js';

/**
 * The offline engine's intent matching (pure): a question becomes one tool call with its
 * arguments, or null when it asks something the tools cannot answer (the engine then says so and
 * lists the questions below). Patterns, not guesses: a question that only resembles one is null.
 */
export interface Intent {
  tool: ToolName;
  args: Record<string, string>;
}

/** What the offline engine understands, one example each (shown on the page and in refusals). */
export const EXAMPLE_QUESTIONS = [
  'Which outcomes have no metric?',
  'How is the school attendance metric doing against target in Q2?',
  'List metrics about attendance (or problems, or forms, matching some words)',
  'How many responses per form and wave?',
  'What do girls say about distance to school?',
];

const FEMALE = new Set(['girls', 'girl', 'women', 'woman', 'female', 'females', 'mothers']);
const MALE = new Set(['boys', 'boy', 'men', 'man', 'male', 'males', 'fathers']);
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const PERIOD = new RegExp(
  `\\b(\\d{4}-q[1-4]|q[1-4](?:\\s+\\d{4})?|h[12](?:\\s+\\d{4})?|${MONTH}\\s+\\d{4}|\\d{4}-\\d{2}|(?:19|20)\\d{2})\\b`,
  'i',
);

function groupOf(subject: string): 'female' | 'male' | null {
  const words = subject.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.some((w) => FEMALE.has(w))) return 'female';
  if (words.some((w) => MALE.has(w))) return 'male';
  return null;
}

const KIND_WORDS: Record<string, 'problems' | 'metrics' | 'forms'> = {
  problem: 'problems',
  problems: 'problems',
  metric: 'metrics',
  metrics: 'metrics',
  indicator: 'metrics',
  indicators: 'metrics',
  form: 'forms',
  forms: 'forms',
  survey: 'forms',
  surveys: 'forms',
  questionnaires: 'forms',
};

const dropWords = (text: string, drop: readonly string[]) =>
  contentWords(text)
    .filter((w) => !drop.includes(w))
    .join(' ');

export function matchIntent(question: string): Intent | null {
  const q = question.trim().replace(/\s+/g, ' ');
  if (!q) return null;
  const lower = q.toLowerCase();

  // "what do girls say about distance to school?"
  const say = lower.match(
    /\bwhat (?:do|does|did) (.+?) (?:say|said|says|mention|write|think|tell us) (?:about|of|on|regarding) (.+?)[?.!]*$/,
  );
  if (say) {
    const group = groupOf(say[1]);
    // only the topic is searched; a subject naming a sex narrows to those respondents
    const args: Record<string, string> = { query: say[2] };
    if (group) args.group = group;
    return { tool: 'search_answers', args };
  }
  const quotes = lower.match(
    /\b(?:answers|responses|quotes|comments|feedback)\s+(?:about|mentioning|on|that mention|regarding)\s+(.+?)[?.!]*$/,
  );
  if (quotes && !/\bhow many\b/.test(lower))
    return { tool: 'search_answers', args: { query: quotes[1] } };

  if (
    /\boutcomes?\b/.test(lower) &&
    /\b(no|without|missing|lack|lacking|not have|don't have|do not have)\b/.test(lower) &&
    /\b(metrics?|indicators?)\b/.test(lower)
  )
    return { tool: 'outcomes_without_metric', args: {} };

  if (
    /\b(how many responses|number of responses|response counts?|responses (?:per|by|for|to|in))\b/.test(
      lower,
    )
  ) {
    const formMatch = lower.match(/\b(?:for|to|in|of) (?:the )?(.+?)(?: form| survey)?[?.!]*$/);
    const form =
      formMatch &&
      !/^(each|every|all|per)\b/.test(formMatch[1]) &&
      !/\bform and wave\b/.test(formMatch[1])
        ? dropWords(formMatch[1], [
            'responses',
            'response',
            'many',
            'wave',
            'waves',
            'per',
            'each',
            'survey',
          ])
        : '';
    return { tool: 'response_counts', args: form ? { form } : {} };
  }

  const status = lower.match(
    /\b(?:how (?:is|are|'s)|how's|status of|progress (?:of|on)|is) (?:the |our )?(.+?)(?: metric| indicator)?(?: doing| going| performing| tracking| progressing| on track| against (?:its |the )?target)/,
  );
  const statusOf = lower.match(
    /\b(?:status|progress) (?:of|on|for) (?:the |our )?(.+?)(?: metric| indicator)?(?: in .*)?[?.!]*$/,
  );
  const m = status ?? statusOf;
  if (m) {
    const period = lower.match(PERIOD)?.[1];
    const metric = dropWords(m[1].replace(PERIOD, ' '), ['doing', 'going', 'in', 'during']);
    if (metric) return { tool: 'metric_status', args: period ? { metric, period } : { metric } };
  }

  const list = lower.match(
    /\b(?:list|show|find|search|which|what|any)\b(?: me)?(?: (?:all|the|our|my))?(?: \w+)? (problems?|metrics?|indicators?|forms?|surveys?|questionnaires)\b(.*)$/,
  );
  if (list) {
    const kind = KIND_WORDS[list[1]];
    const rest = list[2].replace(
      /^\s*(?:about|on|for|matching|with|named|called|mentioning|that mention|related to)\s+/,
      ' ',
    );
    return {
      tool: 'find_records',
      args: { kind, words: dropWords(rest, ['named', 'called', 'matching', 'related']) },
    };
  }
  return null;
}
