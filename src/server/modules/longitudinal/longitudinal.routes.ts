import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { roleCan } from '../../../shared/permissions.js';
import { findProject } from '../projects/index.js';
import { mergeStakeholders } from '../forms/index.js';
import { escapeCellText } from '../../platform/exports/cells.js';
import {
  longitudinalQuerySchema,
  mergeStakeholdersSchema,
} from '../../../shared/datasets/datasets.schemas.js';
import { MAX_LONGITUDINAL_FIELDS } from '../../../shared/datasets/longitudinal.pages.js';
import { wavesOf } from './longitudinal.waves.js';
import { rowsFor, stakeholderPage } from './longitudinal.rows.js';
import { duplicatesOf } from './longitudinal.duplicates.js';

const PER_PAGE = 50;
const EXPORT_PAGE = 500;
const view = { kind: 'team', permission: 'content.view' } as const;
const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

/** The fields asked for that exist; by default the ones most waves carry (at most 3) */
function choose(asked: string[], fields: Awaited<ReturnType<typeof wavesOf>>['fields']) {
  const known = new Set(fields.map((f) => f.key));
  const picked = asked.filter((k) => known.has(k)).slice(0, MAX_LONGITUDINAL_FIELDS);
  if (picked.length || asked.length) return picked;
  return fields.slice(0, 3).map((f) => f.key);
}

/** One CSV field: formula-like text escaped, quoted when needed */
function csvField(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = escapeCellText(String(v));
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells: unknown[]) => `${cells.map(csvField).join(',')}\r\n`;

export function registerLongitudinalRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/projects/:project/longitudinal',
    { config: { name: 'longitudinal.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const project = await findProject(ctx.db, teamId, param(request, 'project'));
      const q = parseInput(longitudinalQuerySchema, request.query);
      const { waves, fields } = await wavesOf(ctx.db, teamId, project.id);
      const chosen = choose(q.fields, fields);
      const shown = chosen.map((k) => fields.find((f) => f.key === k)!);
      const page = q.page ?? 1;
      const { people, total } = await stakeholderPage(ctx.db, teamId, project.id, page, PER_PAGE);
      return reply.inertia('survey-sources/longitudinal', {
        project: { id: project.id, name: project.name },
        waves: waves.map(({ id, label, source }) => ({ id, label, source })),
        fields,
        chosen,
        rows: await rowsFor(ctx.db, teamId, people, waves, shown),
        page,
        perPage: PER_PAGE,
        total,
        duplicates: async () => (await duplicatesOf(ctx.db, teamId, project.id)).pairs,
        canMerge: roleCan(request.actor!.role, 'content.update') && project.status !== 'archived',
      });
    },
  );

  // every stakeholder of the project, the same columns as the page, in pages of 500 (flat memory)
  app.get(
    '/projects/:project/longitudinal/export',
    { config: { name: 'longitudinal.export', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const project = await findProject(ctx.db, teamId, param(request, 'project'));
      const q = parseInput(longitudinalQuerySchema, request.query);
      const { waves, fields } = await wavesOf(ctx.db, teamId, project.id);
      const shown = choose(q.fields, fields).map((k) => fields.find((f) => f.key === k)!);
      const header = ['stakeholder_code', 'stakeholder_name'];
      for (const f of shown)
        for (const [i, w] of waves.entries()) {
          header.push(`${f.key} [${w.label}]`);
          if (i > 0) header.push(`${f.key} change [${waves[i - 1].label} -> ${w.label}]`);
        }
      const db = ctx.db;
      async function* lines() {
        yield '\ufeff' + csvLine(header);
        for (let page = 1; ; page++) {
          const { people } = await stakeholderPage(db, teamId, project.id, page, EXPORT_PAGE);
          if (!people.length) return;
          for (const row of await rowsFor(db, teamId, people, waves, shown)) {
            const cells: unknown[] = [row.stakeholder.code, row.stakeholder.name];
            for (const f of shown)
              for (const [i, c] of row.cells[f.key].entries()) {
                cells.push(c.value);
                if (i > 0) cells.push(c.change);
              }
            yield csvLine(cells);
          }
          if (people.length < EXPORT_PAGE) return;
        }
      }
      const name =
        project.name
          .replace(/[^A-Za-z0-9 _-]+/g, '')
          .trim()
          .slice(0, 60) || 'project';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name} longitudinal.csv"`)
        .send(Readable.from(lines()));
    },
  );

  app.post(
    '/stakeholders/:stakeholder/merge',
    {
      config: {
        name: 'stakeholders.merge',
        access: { kind: 'team', permission: 'content.update' },
      },
    },
    async (request, reply) => {
      const input = parseInput(mergeStakeholdersSchema, request.body);
      const { kept, merged, record, project } = await runUseCase(ctx, actorOf(request), (uc) =>
        mergeStakeholders(uc, { stakeholderId: param(request, 'stakeholder'), into: input.into }),
      );
      reply.flash({
        success: `${merged.code} ${merged.name} merged into ${kept.code} ${kept.name}: ${record.responsesMoved} response(s) and ${record.linksMoved} link(s) moved.`,
      });
      return reply.redirect(ctx.routes.url('longitudinal.show', { project: project.id }), 303);
    },
  );
}
