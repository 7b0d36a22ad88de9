import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { RouteName, RouteParams } from '../../../shared/route.js';
import {
  ELEMENT_KIND_LABELS,
  type CommentSubject,
  type ElementKind,
} from '../../../shared/toc/vocabulary.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';

/** What a comment is attached to: how to name it, where it lives, which project it belongs to. */
export interface CommentSubjectInfo {
  label: string;
  route: { name: RouteName; params: RouteParams };
  projectId: string;
}

const NAMES: Record<CommentSubject, string> = {
  project: 'Project',
  problem: 'Problem',
  element: 'Element',
  link: 'Link',
  metric: 'Metric',
  data_point: 'Data point',
  survey_question: 'Survey question',
};

type Finder = (db: Db, teamId: string, id: string) => Promise<CommentSubjectInfo | undefined>;

const fromEl = alias(tocElements, 'from_el');
const toEl = alias(tocElements, 'to_el');

const kindLabel = (kind: ElementKind) => ELEMENT_KIND_LABELS[kind] ?? 'Element';

/** One finder per subject type; every query is scoped by the team, so another team's id is simply not found. */
const FINDERS: Record<CommentSubject, Finder> = {
  project: async (db, teamId, id) => {
    const [r] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: r.name,
        route: { name: 'projects.show', params: { project: id } },
        projectId: id,
      }
    );
  },
  problem: async (db, teamId, id) => {
    const [r] = await db
      .select({ title: problems.title, projectId: problems.projectId })
      .from(problems)
      .where(and(eq(problems.id, id), eq(problems.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: r.title,
        route: { name: 'problems.show', params: { problem: id } },
        projectId: r.projectId,
      }
    );
  },
  element: async (db, teamId, id) => {
    const [r] = await db
      .select({ title: tocElements.title, kind: tocElements.kind, projectId: problems.projectId })
      .from(tocElements)
      .innerJoin(problems, eq(problems.id, tocElements.problemId))
      .where(and(eq(tocElements.id, id), eq(tocElements.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: `${kindLabel(r.kind)}: ${r.title}`,
        route: { name: 'elements.show', params: { element: id } },
        projectId: r.projectId,
      }
    );
  },
  link: async (db, teamId, id) => {
    const [r] = await db
      .select({
        from: fromEl.title,
        to: toEl.title,
        problemId: tocLinks.problemId,
        projectId: problems.projectId,
      })
      .from(tocLinks)
      .innerJoin(problems, eq(problems.id, tocLinks.problemId))
      .innerJoin(fromEl, eq(fromEl.id, tocLinks.fromId))
      .innerJoin(toEl, eq(toEl.id, tocLinks.toId))
      .where(and(eq(tocLinks.id, id), eq(tocLinks.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: `Link: ${r.from} → ${r.to}`,
        route: { name: 'problems.show', params: { problem: r.problemId } },
        projectId: r.projectId,
      }
    );
  },
  metric: async (db, teamId, id) => {
    const [r] = await db
      .select({ name: metrics.name, projectId: problems.projectId })
      .from(metrics)
      .innerJoin(problems, eq(problems.id, metrics.problemId))
      .where(and(eq(metrics.id, id), eq(metrics.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: `Metric: ${r.name}`,
        route: { name: 'metrics.show', params: { metric: id } },
        projectId: r.projectId,
      }
    );
  },
  data_point: async (db, teamId, id) => {
    const [r] = await db
      .select({ name: dataPoints.name, projectId: problems.projectId })
      .from(dataPoints)
      .innerJoin(problems, eq(problems.id, dataPoints.problemId))
      .where(and(eq(dataPoints.id, id), eq(dataPoints.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: `Data point: ${r.name}`,
        route: { name: 'data-points.show', params: { dataPoint: id } },
        projectId: r.projectId,
      }
    );
  },
  survey_question: async (db, teamId, id) => {
    const [r] = await db
      .select({ text: surveyQuestions.text, projectId: problems.projectId })
      .from(surveyQuestions)
      .innerJoin(problems, eq(problems.id, surveyQuestions.problemId))
      .where(and(eq(surveyQuestions.id, id), eq(surveyQuestions.teamId, teamId)))
      .limit(1);
    return (
      r && {
        label: `Survey question: ${r.text}`,
        route: { name: 'survey-questions.show', params: { surveyQuestion: id } },
        projectId: r.projectId,
      }
    );
  },
};

/** The subject in the team, or a 404 (another team's subject, or none, answer the same). */
export async function resolveSubject(
  db: Db,
  teamId: string,
  type: CommentSubject,
  id: string,
): Promise<CommentSubjectInfo> {
  const found = await FINDERS[type](db, teamId, id);
  if (!found) throw notFound(NAMES[type]);
  return found;
}

/** The subject's page path. */
export function subjectPath(ctx: AppContext, subject: CommentSubjectInfo): string {
  return ctx.routes.url(subject.route.name, subject.route.params);
}
