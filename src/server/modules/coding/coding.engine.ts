import winkNLP, { type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { AppliedCode, CodeDef, QuoteSpan } from '../../../shared/coding/coding.js';

/**
 * The offline deductive engine ('rules'): a codebook's include/exclude phrases matched over the
 * answer's tokens by lemma or stem (wink-nlp with its English model), so "walking" matches "walk"
 * and "fees" matches "fee". Negation is not special: in answers about barriers "not safe" or
 * "cannot pay" state the barrier; a team rules answers out with exclude phrases ("not a problem",
 * "free"), which keep the code off the whole answer. Each applied code carries the spans (offsets into the answer) of the words that matched. Sentiment is
 * wink's lexicon score (-1..1), indicative only.
 */
export const ENGINE = 'rules';
export const ENGINE_VERSION = 'rules-1 (wink-nlp 2.4.0, wink-eng-lite-web-model 1.8.1)';

const nlp = winkNLP(model);
const its = nlp.its;
// the typings declare lemma and stem as model add-ons; at run time they are token its functions
const lemmaIts = its.lemma as unknown as typeof its.normal;
const stemIts = its.stem as unknown as typeof its.normal;

export interface Token {
  start: number;
  end: number;
  norm: string;
  lemma: string;
  stem: string;
}

/** The word tokens of a text with their offsets (found in order in the original text). */
export function tokenize(text: string): Token[] {
  const doc = nlp.readDoc(text);
  const out: Token[] = [];
  let cursor = 0;
  doc.tokens().each((t: ItemToken) => {
    const value = t.out() as string;
    const at = text.indexOf(value, cursor);
    if (at < 0) return; // wink expanded or changed it: no offset, not matchable
    cursor = at + value.length;
    if (t.out(its.type) !== 'word' && t.out(its.type) !== 'number') return;
    out.push({
      start: at,
      end: at + value.length,
      norm: (t.out(its.normal) as string).toLowerCase(),
      lemma: (t.out(lemmaIts) as string).toLowerCase(),
      stem: (t.out(stemIts) as string).toLowerCase(),
    });
  });
  return out;
}

type Rule = Token[];
const same = (a: Token, b: Token) =>
  a.norm === b.norm || a.lemma === b.lemma || a.stem === b.stem || a.lemma === b.stem;

function matches(tokens: Token[], rule: Rule): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  if (rule.length === 0) return found;
  for (let i = 0; i + rule.length <= tokens.length; i++) {
    if (rule.every((r, j) => same(tokens[i + j], r)))
      found.push({ start: tokens[i].start, end: tokens[i + rule.length - 1].end });
  }
  return found;
}

export interface CompiledCode {
  key: string;
  include: Rule[];
  exclude: Rule[];
}
export const compileCodebook = (codes: CodeDef[]): CompiledCode[] =>
  codes.map((c) => ({
    key: c.key,
    include: c.include.map(tokenize),
    exclude: c.exclude.map(tokenize),
  }));

const MAX_SPANS = 3;

/** The codes a response's answers earn, each with its supporting quotes. */
export function codeAnswers(
  answers: Array<{ question: string; text: string }>,
  codebook: CompiledCode[],
): { codes: AppliedCode[]; sentiment: number | null } {
  const docs = answers
    .filter((a) => a.text.trim() !== '')
    .map((a) => ({ ...a, tokens: tokenize(a.text) }));
  const codes: AppliedCode[] = [];
  for (const code of codebook) {
    const spans: QuoteSpan[] = [];
    for (const d of docs) {
      if (code.exclude.some((r) => matches(d.tokens, r).length > 0)) continue;
      for (const rule of code.include)
        for (const m of matches(d.tokens, rule))
          if (!spans.some((s) => s.question === d.question && s.start === m.start))
            spans.push({ question: d.question, ...m, text: d.text.slice(m.start, m.end) });
    }
    if (spans.length > 0)
      codes.push({
        code: code.key,
        spans: spans.sort((a, b) => a.start - b.start).slice(0, MAX_SPANS),
      });
  }
  const all = docs.map((d) => d.text).join('\n');
  const sentiment = all
    ? Math.round((nlp.readDoc(all).out(its.sentiment) as number) * 100) / 100
    : null;
  return { codes, sentiment };
}
