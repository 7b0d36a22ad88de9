import { sentencesOf, type Sentence } from './coding.text.js';

/** One response's open answers split into sentences (with their question), ready for the engines. */
export interface AnalysedResponse {
  id: string;
  seq: number;
  wave: string | null;
  sentences: Array<Sentence & { question: string }>;
}

export function analyse(
  response: { id: string; seq: number; wave: string | null },
  answers: Array<{ question: string; text: string }>,
): AnalysedResponse {
  return {
    id: response.id,
    seq: response.seq,
    wave: response.wave,
    sentences: answers.flatMap((a) =>
      sentencesOf(a.text).map((s) => ({ ...s, question: a.question })),
    ),
  };
}
