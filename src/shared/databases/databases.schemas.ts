import { z } from 'zod';
import { DATABASE_ENGINES, IMPORT_SCHEDULES, QUERY_MAX, TLS_MODES } from './databases.constants.js';
import { selectProblem } from './select-check.js';

/** A host name (RFC 1123 labels) or an IP address; never a URL, a path or a port */
const HOST_RE =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^\[?[0-9A-Fa-f:.]+\]?$/;

const name = z.string().trim().min(1, 'Give the connection a name.').max(120);
const fields = {
  name,
  engine: z.enum(DATABASE_ENGINES, { message: 'Choose PostgreSQL or MySQL / MariaDB.' }),
  host: z
    .string()
    .trim()
    .min(1, 'Give the server’s host name or IP address.')
    .max(253)
    .regex(HOST_RE, 'A host name or an IP address only (no “://”, path or port).'),
  port: z.coerce
    .number({ message: 'A port number from 1 to 65535.' })
    .int('A port number from 1 to 65535.')
    .min(1, 'A port number from 1 to 65535.')
    .max(65535, 'A port number from 1 to 65535.'),
  database: z.string().trim().min(1, 'Name the database to read.').max(128),
  username: z.string().trim().min(1, 'Give the user name to connect as.').max(128),
  tlsMode: z.enum(TLS_MODES, { message: 'Choose a TLS mode.' }),
};

/** POST databases.store; the password may be empty (a server that trusts the user) */
export const createConnectionSchema = z
  .object({ ...fields, password: z.string().max(1024) })
  .strict();

/** PUT databases.update: an empty or absent password keeps the stored one */
export const updateConnectionSchema = z
  .object({ ...fields, password: z.string().max(1024).optional() })
  .strict();

/** POST source-credentials.rotate */
export const rotatePasswordSchema = z.object({ password: z.string().max(1024) }).strict();

/** "schema"."table" as the browse list names it */
const tableRef = z
  .object({ schema: z.string().min(1).max(128), name: z.string().min(1).max(128) })
  .strict();

/** POST databases.import */
export const databaseImportSchema = z
  .object({
    projectId: z.string().uuid('Choose a project.'),
    name: z.string().trim().min(1, 'Name the dataset.').max(120),
    kind: z.enum(['table', 'query']),
    table: tableRef.nullable().optional(),
    query: z.string().max(QUERY_MAX).nullable().optional(),
    schedule: z.enum(IMPORT_SCHEDULES),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'table' && !v.table)
      ctx.addIssue({ code: 'custom', path: ['table'], message: 'Pick a table.' });
    if (v.kind === 'query') {
      const problem = selectProblem(v.query ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: ['query'], message: problem });
    }
  });

export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;
export type UpdateConnectionInput = z.infer<typeof updateConnectionSchema>;
export type DatabaseImportInput = z.infer<typeof databaseImportSchema>;

/** GET databases.show?query=: a SELECT to preview (the page checks it before asking) */
export const previewQuerySchema = z
  .object({
    query: z
      .string()
      .max(QUERY_MAX)
      .superRefine((q, ctx) => {
        const problem = selectProblem(q);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();
