/**
 * Text a spreadsheet app could take for a formula (= + - @, tab, CR) gets a leading apostrophe;
 * so does text that already starts with one, so that the reader can always strip exactly one.
 */
const DANGEROUS_START = /^[=+\-@\t\r']/;
export function escapeCellText(text: string): string {
  return DANGEROUS_START.test(text) ? `'${text}` : text;
}
export function unescapeCellText(text: string): string {
  return text.length > 1 && text[0] === "'" && DANGEROUS_START.test(text.slice(1))
    ? text.slice(1)
    : text;
}
