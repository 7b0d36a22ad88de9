import { z } from 'zod';
import type { Ability, Permission } from '../../../shared/permissions.js';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One documented API operation. Paths use Fastify syntax (/api/v1/projects/:project). */
export interface ApiOperation {
  method: HttpMethod;
  path: string;
  /** route name, also the operationId */
  name: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** null = public (no bearer token) */
  ability: Ability | null;
  permission?: Permission;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** the 2xx answer's body (omit for 204) */
  response?: z.ZodType;
  status?: number;
}

/** Problem details (RFC 9457) as every API error is answered (see http/errors-handler.ts). */
const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z
      .string()
      .meta({ description: 'Stable machine-readable error code, e.g. VALIDATION_FAILED.' }),
    detail: z.string(),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Field -> message (422 only).' }),
    requestId: z.string(),
  })
  .meta({ id: 'Problem' });

const ERROR_RESPONSES: Record<string, string> = {
  '401': 'Missing, malformed, revoked or expired token, or the token’s user left its team.',
  '403': 'The token lacks the ability, or its user’s role lacks the permission.',
  '404': 'Not found (also for another team’s records).',
  '422': 'Invalid input; `errors` holds one message per field.',
  '429': 'Too many requests; wait for `Retry-After` seconds.',
};

/** Collects the API's operations; the openapi.json route renders them. */
export class OpenApiRegistry {
  readonly operations: ApiOperation[] = [];

  add(op: ApiOperation) {
    if (this.operations.some((o) => o.method === op.method && o.path === op.path))
      throw new Error(`API operation ${op.method.toUpperCase()} ${op.path} is registered twice.`);
    this.operations.push(op);
  }

  document(info: { title: string; version: string; serverUrl: string; description?: string }) {
    const components: Record<string, unknown> = {};
    schemaOf(problemSchema, 'output', components);
    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of [...this.operations].sort((a, b) => a.path.localeCompare(b.path))) {
      const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, '{$1}');
      const parameters: unknown[] = [];
      if (op.params)
        for (const [name, s] of Object.entries(op.params.shape))
          parameters.push({
            name,
            in: 'path',
            required: true,
            schema: schemaOf(s as z.ZodType, 'input', components),
          });
      if (op.query)
        for (const [name, s] of Object.entries(op.query.shape)) {
          const zs = s as z.ZodType;
          parameters.push({
            name,
            in: 'query',
            required: !zs.safeParse(undefined).success,
            schema: schemaOf(zs, 'input', components),
          });
        }
      const status = String(op.status ?? (op.response ? 200 : 204));
      const responses: Record<string, unknown> = {
        [status]: op.response
          ? {
              description: 'OK',
              content: {
                'application/json': { schema: schemaOf(op.response, 'output', components) },
              },
            }
          : { description: 'No content' },
      };
      const codes = op.ability
        ? [
            '401',
            '403',
            ...(op.params ? ['404'] : []),
            ...(op.body || op.query ? ['422'] : []),
            '429',
          ]
        : ['429'];
      for (const code of codes) responses[code] = { $ref: `#/components/responses/Error${code}` };
      paths[path] ??= {};
      paths[path][op.method] = {
        operationId: op.name,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        ...(op.tags ? { tags: op.tags } : {}),
        ...(op.ability
          ? { security: [{ bearerAuth: [] }], 'x-ability': op.ability }
          : { security: [] }),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(op.body, 'input', components) } },
              },
            }
          : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: info.title,
        version: info.version,
        ...(info.description ? { description: info.description } : {}),
      },
      servers: [{ url: info.serverUrl }],
      security: [{ bearerAuth: [] }],
      paths,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token made on the API Tokens page (starts with pw_). Each token holds abilities: read, create, update, delete.',
          },
        },
        schemas: components,
        responses: Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([code, description]) => [
            `Error${code}`,
            {
              description,
              ...(code === '429'
                ? {
                    headers: {
                      'Retry-After': {
                        description: 'Seconds to wait before retrying.',
                        schema: { type: 'integer' },
                      },
                    },
                  }
                : {}),
              content: {
                'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
              },
            },
          ]),
        ),
      },
    };
  }
}

/**
 * zod 4 -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Schemas named with
 * `.meta({ id })` land in components.schemas and are referenced from there.
 */
function schemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  components?: Record<string, unknown>,
): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  delete json.$schema;
  const defs = json.$defs as Record<string, unknown> | undefined;
  delete json.$defs;
  const rewrite = <T>(v: T): T =>
    JSON.parse(JSON.stringify(v).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
  if (defs) {
    if (!components) throw new Error('A named schema needs the components collector.');
    for (const [name, def] of Object.entries(defs)) components[name] ??= rewrite(def);
  }
  return rewrite(json);
}
