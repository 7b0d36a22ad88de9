import { walk, type Expr } from '../../../shared/expressions/ast.js';
import { normaliseQuotes, parse, print } from '../../../shared/expressions/index.js';
import { logicErrors } from '../../../shared/forms/logic.js';
import type { Choice } from '../../../shared/forms/questions.js';

export interface ExprContext {
  /** this question's key */
  key: string;
  earlier: string[];
  later: string[];
  notes: string[];
  /** the file's names -> the keys they became (a renamed name is rewritten in expressions) */
  renamed: ReadonlyMap<string, string>;
}

const NOUN = {
  relevant: 'skip logic (relevant)',
  constraint: 'constraint',
  calculation: 'calculation',
  repeatCount: 'repeat count',
  requiredWhen: 'required condition',
  choiceFilter: 'choice filter',
} as const;

/**
 * An XLSForm expression -> our expression text (curly quotes straightened, renamed questions
 * rewritten), or null when it does not parse or reads a question it may not: the reason comes back
 * as the row's warning, never silently.
 */
export function processExpression(
  raw: string,
  field: keyof typeof NOUN,
  ctx: ExprContext,
  /** a choice filter: the question's choices (the names it reads bare) */
  choices?: readonly Choice[],
): { text: string | null; warning: string | null } {
  const warnings: string[] = [];
  const n = normaliseQuotes(raw);
  if (n.warning)
    warnings.push(`Curly quotes in the ${NOUN[field]} were changed to straight quotes.`);
  const dropped = (why: string) => ({
    text: null,
    warning: [...warnings, `The ${NOUN[field]} “${raw}” is not imported: ${why}`].join(' '),
  });
  const r = parse(n.text);
  if (!r.ok) return dropped(`${r.error.message} (at character ${r.error.start + 1}).`);
  let text = n.text;
  let changed = false;
  walk(r.ast, (node: Expr) => {
    // a choice filter's bare names read the choice, not a question
    if (node.type !== 'ref' || (field === 'choiceFilter' && node.bare)) return;
    const to = ctx.renamed.get(node.name);
    if (to && to !== node.name) {
      (node as { name: string }).name = to;
      changed = true;
    }
  });
  if (changed) {
    text = print(r.ast);
    warnings.push(`Renamed questions are rewritten in the ${NOUN[field]}: ${text}`);
  }
  const e = logicErrors(
    { key: ctx.key, [field]: text, choices: choices ? [...choices] : undefined },
    ctx.earlier,
    ctx.later,
    ctx.notes,
  )[field];
  if (e) return dropped(`${e}.`);
  if (text.length > 5000) return dropped('it is longer than 5000 characters.');
  return { text, warning: warnings.length ? warnings.join(' ') : null };
}
