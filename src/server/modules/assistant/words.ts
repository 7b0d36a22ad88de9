/** Word handling shared by intent matching and the tools' name lookups (pure). */
const STOPWORDS = new Set(
  (
    'a an and are as at be by did do does doing for from has have how i in is it its list me ' +
    'metric metrics my of on or our show the their them these this those to us was we were ' +
    'what which who with against target targets status period quarter doing going tell about ' +
    'find search any all there problem problems form forms please give'
  ).split(' '),
);

/** Lower-case words of at least 2 letters or digits, without the stopwords. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length >= 2 && !STOPWORDS.has(w),
  );
}

/** How many of the query's words (or their stems: school/schools) the name holds. */
function overlap(query: readonly string[], name: string): number {
  const words = contentWords(name);
  const stem = (w: string) => w.replace(/(ing|es|s)$/, '');
  return query.filter((q) => words.some((w) => w === q || stem(w) === stem(q))).length;
}

/** The best-matching records by word overlap (ties: the order given), at least one word in common. */
export function bestMatches<T>(
  query: readonly string[],
  rows: readonly T[],
  name: (r: T) => string,
) {
  return rows
    .map((r, i) => ({ r, i, score: overlap(query, name(r)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.r);
}
