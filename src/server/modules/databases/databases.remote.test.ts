import { describe, expect, it } from 'vitest';
import { describeFailure, type ConnectionSpec } from './databases.remote.js';

const spec: ConnectionSpec = {
  engine: 'mysql',
  host: 'db.example.org',
  port: 3306,
  database: 'mis',
  username: 'reader',
  password: 'secret-pw',
  tlsMode: 'verify',
};

describe('describeFailure', () => {
  it.each([
    [
      { code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' },
      'timeout',
      'did not answer within 5 seconds',
    ],
    [{ message: 'timeout expired' }, 'timeout', 'did not answer'],
    [{ code: 'EHOSTUNREACH' }, 'unreachable', 'cannot be reached'],
    [
      { code: 'ER_ACCESS_DENIED_ERROR', message: "Access denied for user 'reader'" },
      'auth',
      'authentication failed',
    ],
    [{ code: '28P01', message: 'password authentication failed' }, 'auth', 'authentication failed'],
    [
      { code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' },
      'tls',
      'The TLS connection failed',
    ],
    [
      { code: 'ER_BAD_DB_ERROR', message: "Unknown database 'mis'" },
      'database',
      '“mis” does not exist',
    ],
    [{ code: '42P01', message: 'relation "x" does not exist' }, 'query', 'The database answered'],
  ])('%o is a %s failure', (err, kind, text) => {
    const e = describeFailure(err, spec);
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(text);
    expect(e.message).not.toContain(spec.password);
  });
});
