import { describe, expect, it } from 'vitest';
import { selectProblem, statementOf } from './select-check.js';

describe('selectProblem', () => {
  it.each([
    'SELECT 1',
    'select * from people;',
    '  WITH a AS (SELECT 1 AS x) SELECT x FROM a ;  ',
    "SELECT 'a;b; drop table x' AS s",
    'SELECT "update" FROM t -- delete everything; ',
    'SELECT /* ; insert */ id FROM t',
    'SELECT $$;drop$$ AS x',
    'SELECT updated_at, created FROM t',
  ])('accepts %s', (sql) => expect(selectProblem(sql)).toBeNull());

  it.each([
    ['', 'Write a SELECT statement.'],
    ['-- only a comment', 'Write a SELECT statement.'],
    ['DELETE FROM people', 'must start with SELECT or WITH'],
    ['SELECT 1; DELETE FROM people', 'one statement'],
    ['SELECT 1;;', 'one statement'],
    ['WITH d AS (DELETE FROM people RETURNING *) SELECT * FROM d', '“DELETE”'],
    ['SELECT * INTO copy FROM people', '“INTO”'],
    ['SELECT * FROM people FOR UPDATE', '“UPDATE”'],
    ['/* x */ UPDATE people SET a = 1', 'must start with SELECT'],
  ])('refuses %s', (sql, message) => expect(selectProblem(sql)).toContain(message));

  it('strips the trailing semicolon', () => expect(statementOf(' SELECT 1 ; ')).toBe('SELECT 1'));
});
