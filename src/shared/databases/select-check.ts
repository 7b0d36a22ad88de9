/**
 * The first check of a SELECT a user writes for a database import: one statement, starting with
 * SELECT or WITH, no semicolon but a trailing one, no writing keyword outside quotes and comments.
 * The real guard is the read-only transaction it runs in; this answers early and clearly.
 */
const WRITES =
  /\b(insert|update|delete|merge|upsert|replace|into|drop|alter|create|truncate|grant|revoke|lock|call|copy|execute|do|load|handler|rename|vacuum|set)\b/i;

/** The statement with quoted text, identifiers and comments blanked (same length) */
function blankQuoted(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const two = sql.slice(i, i + 2);
    let end = -1;
    if (c === "'" || c === '"' || c === '`') {
      end = i + 1;
      while (end < sql.length) {
        if (sql[end] === '\\' && c === "'") end += 2;
        else if (sql[end] === c && sql[end + 1] === c) end += 2;
        else if (sql[end] === c) break;
        else end++;
      }
      end = Math.min(end + 1, sql.length);
    } else if (two === '--' || c === '#') {
      const nl = sql.indexOf('\n', i);
      end = nl < 0 ? sql.length : nl;
    } else if (two === '/*') {
      const close = sql.indexOf('*/', i + 2);
      end = close < 0 ? sql.length : close + 2;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
      }
    }
    if (end > i) {
      out += ' '.repeat(end - i);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** null when the statement may run, else what is wrong with it */
export function selectProblem(sql: string): string | null {
  const blanked = blankQuoted(sql).trim();
  if (!blanked) return 'Write a SELECT statement.';
  if (!/^(select|with)\b/i.test(blanked))
    return 'Only a read-only query is allowed: it must start with SELECT or WITH.';
  const body = blanked.replace(/;\s*$/, '');
  if (body.includes(';')) return 'Write one statement only (no semicolons inside).';
  const write = WRITES.exec(body);
  if (write)
    return `Only a read-only query is allowed: “${write[1].toUpperCase()}” is not permitted here.`;
  return null;
}

/** The statement without its trailing semicolon and blanks, ready to be wrapped */
export function statementOf(sql: string): string {
  return sql.trim().replace(/;\s*$/, '').trimEnd();
}
