import { z } from 'zod';
import { IMPORT_SCHEDULES } from '../databases/databases.constants.js';
import { CONNECTOR_KINDS } from './connectors.constants.js';

const url = z
  .string()
  .trim()
  .min(1, 'Give the server’s address, e.g. https://kf.kobotoolbox.org.')
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'An http:// or https:// address without a user name in it.');

const secret = z.string().min(1, 'Give the API token or password.').max(2048);

/** POST connectors.store: Kobo takes an API token; ODK Central an account's email and password */
export const createConnectorSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the connector a name.').max(120),
    kind: z.enum(CONNECTOR_KINDS, { message: 'Choose KoboToolbox or ODK Central.' }),
    url,
    odkProjectId: z.string().trim().max(12).optional(),
    email: z.string().trim().max(254).optional(),
    secret,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind !== 'odk') return;
    if (!v.odkProjectId || !/^\d+$/.test(v.odkProjectId))
      ctx.addIssue({
        code: 'custom',
        path: ['odkProjectId'],
        message: 'The ODK Central project number (in the project’s address).',
      });
    if (!v.email || !/^[^@\s]+@[^@\s]+$/.test(v.email))
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'The email of the ODK Central account to sign in with.',
      });
  });
export type CreateConnectorInput = z.infer<typeof createConnectorSchema>;

/** POST connectors.import: one remote form into a new dataset of a project */
export const connectorImportSchema = z
  .object({
    projectId: z.string().uuid('Choose a project.'),
    name: z.string().trim().min(1, 'Name the dataset.').max(120),
    formId: z.string().trim().min(1, 'Pick a form.').max(200),
    schedule: z.enum(IMPORT_SCHEDULES),
  })
  .strict();
export type ConnectorImportInput = z.infer<typeof connectorImportSchema>;

/** POST connector-credentials.rotate: a new token or password, tested before it is stored */
export const rotateConnectorSecretSchema = z.object({ secret }).strict();
