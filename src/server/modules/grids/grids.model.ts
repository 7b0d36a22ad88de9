import { z } from 'zod';
import type { ModelCallOptions } from '../../platform/model/model-client.js';
import { completeText, ModelRefusal, type Masker } from '../assistant/index.js';
import { shownWave, type GridCellValue, type GridCitation } from '../../../shared/grids/grids.js';
import {
  answerValue,
  citationOf,
  quoteOf,
  type QuestionInfo,
  type WaveAnswers,
} from './grids.answers.js';

/**
 * The model engine of a prompt column: the question in words and the row's answers to the chosen
 * questions (numbered, personal data masked) go to the configured OpenAI-compatible model, which
 * must answer a JSON object citing answers by number with words copied from them. The output is
 * validated: not JSON, not the shape, a citation of an answer it was not given, or a quote that is
 * not in the answer marks the cell refused (with the reason), never shown as an answer.
 */
type PromptCell = {
  value: Extract<GridCellValue, { kind: 'prompt' }>;
  citations: GridCitation[];
};

export interface ModelCellRun {
  config: { baseUrl: string; apiKey: string; model: string };
  masker: Masker;
  /** counts one model request against the team's monthly limit; false at the limit */
  grant: () => Promise<boolean>;
  /** retries and waits (`ctx.modelCalls`) */
  calls: ModelCallOptions;
}

/** What one grid row is, as the model is told: a form's respondent, a dataset row, a stakeholder's rows. */
export type RowSubject = 'respondent' | 'dataset_row' | 'stakeholder_rows';

const ABOUT: Record<RowSubject, string> = {
  respondent:
    'one survey respondent of a monitoring and evaluation project, using ONLY the numbered answers given (each with its question and survey wave)',
  dataset_row:
    "one row of a dataset of a monitoring and evaluation project, using ONLY the numbered answers given (the row's values, each with its column and row number)",
  stakeholder_rows:
    "one stakeholder of a monitoring and evaluation project, using ONLY the numbered answers given (the values of all of this stakeholder's rows in a dataset, each with its column and row number, in row order: an earlier row may be a baseline and a later one an endline)",
};

const system = (subject: RowSubject) =>
  `You answer one question about ${ABOUT[subject]}. Reply with a JSON object and nothing else: {"answer": "<two or three sentences>", "citations": [{"answer": <number of the answer>, "quote": "<words copied exactly from that answer>"}]}. Every statement must be supported by at least one citation whose quote is copied word for word from the answer it names. If the answers cannot answer the question, say so in "answer". Placeholders such as [name 1] or [phone 1] stand for personal data: keep them as they are.`;

const outputSchema = z.object({
  answer: z.string().trim().min(1).max(2000),
  citations: z
    .array(z.object({ answer: z.number().int(), quote: z.string().trim().min(1).max(500) }))
    .min(1)
    .max(20),
});

const normal = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

const refused = (text: string): PromptCell => ({
  value: { kind: 'prompt', engine: 'model', status: 'refused', text, changes: [], deltas: {} },
  citations: [],
});

/** The model's text as JSON: a fenced ```json block is accepted, anything else must parse whole. */
function parseJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return JSON.parse(fenced ? fenced[1] : text);
}

export async function modelPrompt(
  run: ModelCellRun,
  prompt: string,
  questions: QuestionInfo[],
  waves: WaveAnswers[],
  subject: RowSubject = 'respondent',
): Promise<PromptCell> {
  const given = waves.flatMap((w) =>
    questions.flatMap((q) => {
      const value = answerValue(q, w.answers[q.key]);
      if (value === null) return [];
      return [{ from: w, wave: w.wave, question: q, text: quoteOf(value) }];
    }),
  );
  if (given.length === 0)
    return {
      value: {
        kind: 'prompt',
        engine: 'model',
        status: 'no_data',
        text:
          subject === 'respondent'
            ? 'No answers to these questions in the chosen waves.'
            : subject === 'dataset_row'
              ? 'These columns are empty in this row.'
              : 'These columns are empty in this stakeholder’s rows.',
        changes: [],
        deltas: {},
      },
      citations: [],
    };
  if (!(await run.grant()))
    return refused(
      'Not asked: the team has used its AI model requests for this month (Settings, limits).',
    );
  const user = JSON.stringify({
    question: run.masker.mask(prompt),
    answers: given.map((g, i) =>
      g.from.row === undefined
        ? {
            number: i + 1,
            question: run.masker.mask(g.question.label),
            wave: shownWave(g.wave),
            answer: run.masker.mask(g.text),
          }
        : {
            number: i + 1,
            column: run.masker.mask(g.question.label),
            row: g.from.row,
            answer: run.masker.mask(g.text),
          },
    ),
  });
  let text: string;
  try {
    text = await completeText({
      config: run.config,
      system: system(subject),
      user,
      json: true,
      calls: run.calls,
    });
  } catch (err) {
    if (err instanceof ModelRefusal) return refused(`Refused: ${err.message}`);
    throw err;
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    return refused('Refused: the model did not answer a JSON object.');
  }
  const out = outputSchema.safeParse(json);
  if (!out.success)
    return refused(
      'Refused: the model’s answer does not have the expected shape (an answer and at least one citation).',
    );
  const citations: GridCitation[] = [];
  for (const c of out.data.citations) {
    const g = given[c.answer - 1];
    const quote = run.masker.unmask(c.quote);
    if (!g) return refused(`Refused: the model cited answer ${c.answer}, which it was not given.`);
    if (!normal(g.text).includes(normal(quote)))
      return refused(
        `Refused: the model quoted “${quote.slice(0, 80)}”, which is not in the answer it cites.`,
      );
    citations.push(citationOf(g.from, g.question.key, quote));
  }
  return {
    value: {
      kind: 'prompt',
      engine: 'model',
      status: 'answered',
      text: run.masker.unmask(out.data.answer),
      changes: [],
      deltas: {},
    },
    citations,
  };
}
