import mysql from 'mysql2/promise';
import pg from 'pg';

/**
 * Tables on the machine's real PostgreSQL (127.0.0.1:5432, db `test`, trust) and MariaDB
 * (127.0.0.1:3306, root without password, db `test`) for database-source tests, with a MariaDB
 * user that needs a password (so a wrong one is refused and the right one can be looked for in logs).
 */
const REMOTE_PG = { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' };
const REMOTE_MY = { host: '127.0.0.1', port: 3306, database: 'test', user: 'root' };

/** The operator setting the tests run with: loopback 127.0.0.1 reachable, nothing else opened */
export const LOOPBACK_ALLOWED = { PATHWAYS_SOURCES_ALLOW: '127.0.0.1' };

export interface RemoteFixtures {
  suffix: string;
  table: string;
  reader: string;
  password: string;
  drop(): Promise<void>;
}

const PEOPLE = [
  [1, 'Anna', '12.50', '1990-04-01', '2026-01-02 10:30:00', true, 1.25],
  [2, 'Bob', '0.10', '1985-12-31', '2026-02-03 08:00:00', false, -3.5],
  [3, 'Chloé “C” O’Neil', null, null, null, null, null],
] as const;

export async function createRemoteFixtures(): Promise<RemoteFixtures> {
  const suffix = crypto.randomUUID().replace(/-/g, '').slice(0, 10);
  const table = `pw_people_${suffix}`;
  const reader = `pw_reader_${suffix}`;
  const password = `Pw-${crypto.randomUUID()}`;

  const p = new pg.Client(REMOTE_PG);
  await p.connect();
  await p.query(
    `CREATE TABLE ${table} (id integer PRIMARY KEY, name text, amount numeric(10,2), born date, seen timestamp, active boolean, score double precision)`,
  );
  for (const r of PEOPLE)
    await p.query(`INSERT INTO ${table} VALUES ($1, $2, $3, $4, $5, $6, $7)`, [...r]);
  await p.query(`CREATE SEQUENCE ${table}_seq`);
  await p.end();

  const m = await mysql.createConnection({ ...REMOTE_MY, password: '' });
  await m.query(
    `CREATE TABLE ${table} (id int PRIMARY KEY, name varchar(100), amount decimal(10,2), born date, seen datetime, active tinyint(1), score double)`,
  );
  for (const r of PEOPLE)
    await m.query(`INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?)`, [...r]);
  for (const host of ['localhost', '127.0.0.1', '%']) {
    await m.query(`CREATE USER '${reader}'@'${host}' IDENTIFIED BY '${password}'`);
    await m.query(`GRANT SELECT ON test.* TO '${reader}'@'${host}'`);
  }
  await m.end();

  return {
    suffix,
    table,
    reader,
    password,
    async drop() {
      const p2 = new pg.Client(REMOTE_PG);
      await p2.connect();
      await p2.query(`DROP TABLE IF EXISTS ${table}; DROP SEQUENCE IF EXISTS ${table}_seq`);
      await p2.end();
      const m2 = await mysql.createConnection({ ...REMOTE_MY, password: '' });
      await m2.query(`DROP TABLE IF EXISTS ${table}`);
      for (const host of ['localhost', '127.0.0.1', '%'])
        await m2.query(`DROP USER IF EXISTS '${reader}'@'${host}'`);
      await m2.end();
    },
  };
}
