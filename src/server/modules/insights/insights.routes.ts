import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, authorize } from '../../platform/use-case/index.js';
import { findProblem, problemTabProps } from '../problems/index.js';
import { findProject } from '../projects/index.js';
import { problemsOfProject } from './insights.queries.js';
import { parseInsightsFilters, type InsightsFilters } from '../../../shared/insights/insights.js';
import { ipttTable } from '../../../shared/insights/iptt.js';
import { insightsOf } from './insights.queries.js';
import { ipttWorkbook } from './iptt.xlsx.js';
import { ipttPdf } from './iptt.pdf.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/** "Periods 2026-Q1 to 2026-Q4, Sex: Female" for the export's title block */
function describeFilters(data: Awaited<ReturnType<typeof insightsOf>>) {
  const f: InsightsFilters = data.filters;
  const labelOf = (options: Array<{ value: string; label: string }>, v: string) =>
    options.find((o) => o.value === v)?.label ?? v;
  const parts = [
    f.from || f.to ? `Periods ${f.from ?? 'first'} to ${f.to ?? 'last'}` : 'All periods',
    f.dis ? `Disaggregation ${f.dis.replace(':', ': ')}` : 'Totals',
    f.wave && `Wave ${f.wave}`,
    f.form && `Form ${labelOf(data.formOptions, f.form)}`,
    f.source && `Source ${labelOf(data.sourceOptions, f.source)}`,
    f.site && `Site ${f.site}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** "Girls' education: IPTT.xlsx" -> a safe ASCII name and the UTF-8 one. */
function filename(title: string, ext: string) {
  const base =
    `${title} IPTT`
      .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
      .trim()
      .slice(0, 120) || 'IPTT';
  return {
    ascii: `${base.replace(/[^\x20-\x7e]/g, '_')}.${ext}`,
    utf8: `${base}.${ext}`,
  };
}

async function sendIptt(
  reply: FastifyReply,
  format: 'xlsx' | 'pdf',
  title: string,
  data: Awaited<ReturnType<typeof insightsOf>>,
) {
  const table = ipttTable(data);
  const meta = { title, filters: describeFilters(data), generatedAt: new Date() };
  const buffer = format === 'xlsx' ? await ipttWorkbook(table, meta) : await ipttPdf(table, meta);
  const name = filename(title, format);
  return reply
    .header('content-type', format === 'xlsx' ? XLSX : 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(buffer);
}

/**
 * Insights of a problem (its workspace's Insights tab) and of a project (insights/show), and the
 * IPTT of either as XLSX or PDF. Reads only: every figure comes from the metrics module.
 */
export function registerInsightsRoutes(app: FastifyInstance, ctx: AppContext) {
  problemTabProps(ctx).push(async ({ teamId, problem, tab, request }) =>
    tab === 'insights'
      ? {
          insights: await insightsOf(
            ctx,
            teamId,
            { problemId: problem.id },
            parseInsightsFilters(query(request)),
            [problem],
          ),
        }
      : null,
  );

  const projectData = async (request: FastifyRequest) => {
    const teamId = request.actor!.team!.id;
    const project = await findProject(ctx.db, teamId, param(request, 'project'));
    authorize(actorOf(request), 'content.view', { project });
    const data = await insightsOf(
      ctx,
      teamId,
      { projectId: project.id },
      parseInsightsFilters(query(request)),
      await problemsOfProject(ctx, teamId, project.id),
    );
    return { project, data };
  };
  const problemData = async (request: FastifyRequest) => {
    const teamId = request.actor!.team!.id;
    const { problem, trail } = await findProblem(ctx.db, teamId, param(request, 'problem'));
    authorize(actorOf(request), 'content.view', { project: trail.project });
    const data = await insightsOf(
      ctx,
      teamId,
      { problemId: problem.id },
      parseInsightsFilters(query(request)),
      [{ id: problem.id, title: problem.title }],
    );
    return { problem, data };
  };

  app.get(
    '/projects/:project/insights',
    { config: { name: 'insights.show', access: view } },
    async (request, reply) => {
      const { project, data } = await projectData(request);
      return reply.inertia('insights/show', {
        project: { id: project.id, name: project.name, archived: project.status === 'archived' },
        insights: data,
      });
    },
  );

  const limited = { max: 30, timeWindow: 60_000 };
  for (const format of ['xlsx', 'pdf'] as const) {
    app.get(
      `/projects/:project/insights/iptt.${format}`,
      { config: { name: `insights.project-iptt-${format}`, access: view, rateLimit: limited } },
      async (request, reply) => {
        const { project, data } = await projectData(request);
        return sendIptt(reply, format, project.name, data);
      },
    );
    app.get(
      `/problems/:problem/insights/iptt.${format}`,
      { config: { name: `insights.problem-iptt-${format}`, access: view, rateLimit: limited } },
      async (request, reply) => {
        const { problem, data } = await problemData(request);
        return sendIptt(reply, format, problem.title, data);
      },
    );
  }
}
