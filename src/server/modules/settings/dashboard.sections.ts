import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DashboardSections, TeamSetupStep } from '../../../shared/core/core.pages.js';
import { roleCan } from '../../../shared/permissions.js';
import { videoEmbed } from '../../../shared/settings/video.js';
import { dashboardSections } from '../core/index.js';
import { projects } from '../projects/read-model.js';
import { tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { keyMetricsFor } from '../metrics/index.js';
import { formResponses, forms } from '../forms/read-model.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { learningsDueOf, qualityFlagsOf } from './dashboard.attention.js';
import { readSettings } from './settings.queries.js';
import { teamExports } from './settings.tables.js';

const DAY_MS = 86_400_000;
const exists = (q: SQL) => sql<boolean>`exists (${q})`;

/** What the team has done so far, read in one query from its own data (never per user). */
async function setupOf(ctx: AppContext, teamId: string) {
  const [row] = await ctx.db
    .select({
      project: exists(sql`select 1 from ${projects} where ${eq(projects.teamId, teamId)}`),
      toc: exists(sql`select 1 from ${tocElements} where ${eq(tocElements.teamId, teamId)}`),
      metric: exists(sql`select 1 from ${metrics} where ${eq(metrics.teamId, teamId)}`),
      form: exists(
        sql`select 1 from ${forms} where ${and(eq(forms.teamId, teamId), sql`${forms.currentVersion} > 0`)}`,
      ),
      response: exists(
        sql`select 1 from ${formResponses} where ${eq(formResponses.teamId, teamId)}`,
      ),
      // an imported source: a form's own live dataset and a transformation's output do not count
      source: exists(
        sql`select 1 from ${datasets} where ${and(eq(datasets.teamId, teamId), isNotNull(datasets.currentVersionId), notInArray(datasets.origin, ['form', 'transformation']))}`,
      ),
      firstProject: sql<
        string | null
      >`(select ${projects.id} from ${projects} where ${eq(projects.teamId, teamId)} order by ${projects.createdAt} limit 1)`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

function setupSteps(ctx: AppContext, s: Awaited<ReturnType<typeof setupOf>>): TeamSetupStep[] {
  const inProject = (name: 'projects.show' | 'forms.surveys' | 'sources.index') =>
    s.firstProject ? ctx.routes.url(name, { project: s.firstProject }) : null;
  return [
    {
      key: 'project',
      title: 'Create a project',
      description: 'A project holds a programme’s problems, theory of change, forms and data.',
      done: Boolean(s.project),
      href: ctx.routes.url('projects.create'),
    },
    {
      key: 'theory-of-change',
      title: 'Describe a problem and its theory of change',
      description: 'The problem, then the activities, outputs and outcomes that address it.',
      done: Boolean(s.toc),
      href: s.firstProject
        ? ctx.routes.url('problems.create', { project: s.firstProject })
        : ctx.routes.url('libraries.index'),
    },
    {
      key: 'metric',
      title: 'Add a metric',
      description: 'Measure an activity, output or outcome against a baseline and targets.',
      done: Boolean(s.metric),
      href: inProject('projects.show'),
    },
    {
      key: 'form',
      title: 'Publish a form',
      description: 'A survey or stakeholder form your respondents answer through its link.',
      done: Boolean(s.form),
      href: inProject('forms.surveys'),
    },
    {
      key: 'response',
      title: 'Receive the first response',
      description: 'Share the form’s link; responses arrive here live.',
      done: Boolean(s.response),
      href: inProject('forms.surveys'),
    },
    {
      key: 'source',
      title: 'Import a source',
      description: 'Upload a CSV or Excel file of data you already collect.',
      done: Boolean(s.source),
      href: inProject('sources.index'),
    },
  ];
}

/** The calendar day of `at` in a timezone, 'YYYY-MM-DD'. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);

/** Live responses of the team: the total, and per day (in the team's timezone) over the last 30 days. */
async function responsesOf(ctx: AppContext, teamId: string, now: Date, timeZone: string) {
  const today = Date.parse(`${dayIn(now, timeZone)}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const live = and(eq(formResponses.teamId, teamId), isNull(formResponses.deletedAt));
  const day = sql<string>`to_char(${formResponses.submittedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [[{ total }], perDay] = await Promise.all([
    ctx.db.select({ total: count() }).from(formResponses).where(live),
    ctx.db
      .select({ day, n: count() })
      .from(formResponses)
      // 31 days back covers any timezone's 30 calendar days; the day filter keeps only those
      .where(and(live, gte(formResponses.submittedAt, new Date(now.getTime() - 31 * DAY_MS))))
      // by position: the timezone is a parameter, and a second one would not match the first
      .groupBy(sql`1`),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.n)]));
  return { total: Number(total), last30: days.map((d) => ({ day: d, count: byDay.get(d) ?? 0 })) };
}

/** The team's imports and exports still queued or running. */
async function jobsOf(ctx: AppContext, teamId: string, mayManage: boolean) {
  const imports = await ctx.db
    .select({ jobId: datasetVersions.jobId, name: datasets.name })
    .from(datasetVersions)
    .innerJoin(datasets, eq(datasets.id, datasetVersions.datasetId))
    .where(and(eq(datasetVersions.teamId, teamId), eq(datasetVersions.status, 'importing')))
    .orderBy(asc(datasetVersions.createdAt))
    .limit(10);
  const exportsRunning = await ctx.db
    .select({ id: teamExports.id, status: teamExports.status })
    .from(teamExports)
    .where(and(eq(teamExports.teamId, teamId), inArray(teamExports.status, ['queued', 'running'])))
    .limit(5);
  const out: DashboardSections['jobs'] = [];
  for (const i of imports)
    if (i.jobId)
      out.push({
        id: i.jobId,
        label: `Import of “${i.name}”`,
        status: 'running',
        href: ctx.routes.url('jobs.show', { job: i.jobId }),
      });
  for (const e of exportsRunning)
    out.push({
      id: e.id,
      label: 'Export of all the team’s data',
      status: e.status === 'queued' ? 'queued' : 'running',
      href: mayManage ? ctx.routes.url('settings.exports') : null,
    });
  return out;
}

/**
 * The dashboard's variants: getting started while the team has no data (no metric, no response, no
 * imported source), with the team's setup steps and onboarding video; then the working dashboard
 * (key metrics against targets, responses coming in, jobs running, data-quality flags waiting,
 * learnings due).
 */
export function registerDashboardSections(ctx: AppContext) {
  dashboardSections(ctx).push(async (actor) => {
    const teamId = actor.team.id;
    const now = new Date();
    const [s, settings] = await Promise.all([setupOf(ctx, teamId), readSettings(ctx.db, teamId)]);
    const working = Boolean(s.metric || s.response || s.source);
    const video = settings.videoUrl
      ? {
          url: settings.videoUrl,
          embed: videoEmbed(settings.videoUrl),
          transcript: settings.videoTranscript,
          captions: settings.videoCaptions,
        }
      : null;
    const base = { setup: setupSteps(ctx, s), video };
    if (!working) return { ...base, variant: 'getting-started' as const };
    const [keyMetrics, responses, jobs, qualityFlags, learningsDue] = await Promise.all([
      keyMetricsFor(ctx, teamId, { team: true }, 8),
      responsesOf(ctx, teamId, now, settings.timezone),
      jobsOf(ctx, teamId, roleCan(actor.role, 'team.settings.manage')),
      qualityFlagsOf(ctx, teamId),
      learningsDueOf(ctx, teamId, dayIn(now, settings.timezone)),
    ]);
    return {
      ...base,
      variant: 'working' as const,
      keyMetrics,
      responses,
      jobs,
      qualityFlags,
      learningsDue,
    };
  });
}
