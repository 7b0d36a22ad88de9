import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OpenApiRegistry } from './registry.js';

describe('OpenApiRegistry', () => {
  const registry = new OpenApiRegistry();
  registry.add({
    method: 'put',
    path: '/api/v1/projects/:project',
    name: 'api.projects.update',
    summary: 'Rename a project',
    ability: 'update',
    params: z.object({ project: z.string().uuid() }),
    query: z.object({ notify: z.enum(['yes', 'no']).optional() }),
    body: z.object({ name: z.string().min(1).max(200) }).strict(),
    response: z.object({ id: z.string(), name: z.string() }).meta({ id: 'Project' }),
  });
  registry.add({
    method: 'delete',
    path: '/api/v1/projects/:project',
    name: 'api.projects.destroy',
    summary: 'Delete a project',
    ability: 'delete',
    params: z.object({ project: z.string() }),
  });
  registry.add({
    method: 'get',
    path: '/api/v1/status',
    name: 'api.status',
    summary: 'Health',
    ability: null,
    response: z.object({ ok: z.boolean() }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is read as plain JSON
  const doc = registry.document({ title: 'T', version: '1', serverUrl: 'http://x' }) as any;

  it('turns Fastify paths into OpenAPI templates with path, query and body schemas', () => {
    const op = doc.paths['/api/v1/projects/{project}'].put;
    expect(op.operationId).toBe('api.projects.update');
    expect(op.parameters).toEqual([
      {
        name: 'project',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      {
        name: 'notify',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['yes', 'no'] },
      },
    ]);
    expect(op.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['name'],
      additionalProperties: false,
    });
    expect(op.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Project',
    });
    expect(doc.components.schemas.Project.properties).toHaveProperty('name');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '403', '404', '422', '429']);
    expect(op['x-ability']).toBe('update');
  });

  it('answers 204 without a response schema and documents public operations without security', () => {
    expect(doc.paths['/api/v1/projects/{project}'].delete.responses['204']).toEqual({
      description: 'No content',
    });
    const status = doc.paths['/api/v1/status'].get;
    expect(status.security).toEqual([]);
    expect(Object.keys(status.responses).sort()).toEqual(['200', '429']);
  });

  it('has no dangling references', () => {
    const text = JSON.stringify(doc);
    for (const ref of text.match(/"#\/components\/[^"]+"/g) ?? []) {
      const value = JSON.parse(ref)
        .slice(2)
        .split('/')
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking an arbitrary JSON document by a $ref path
        .reduce((o: any, k: string) => o?.[k], doc);
      expect(value, ref).toBeDefined();
    }
  });
});
