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

/**
 * OOXML reads `_xHHHH_` in a cell's text as the character HHHH (exceljs and Excel both do), so a
 * literal `_x0041_` typed by a user came back as `A` and `_x0000_` as a NUL. Its underscore is
 * written as `_x005F_`, which both read back as `_`, then the rest as it is.
 */
// a lookahead: in `_x005f_x0041_` the second escape starts on the first one's last underscore
const OOXML_ESCAPE_LIKE = /_(?=x[0-9A-Fa-f]{4}_)/g;
/** Text for an XLSX cell: formula-like text escaped as in the CSVs, OOXML escapes kept literal. */
export function xlsxCellText(text: string): string {
  return escapeCellText(text).replace(OOXML_ESCAPE_LIKE, '_x005F_');
}
