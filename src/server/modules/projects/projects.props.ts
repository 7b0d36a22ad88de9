import type { ProjectListRow, ProjectView } from '../../../shared/projects/projects.schemas.js';
import { auditSentence } from '../../../shared/audit-logs/sentences.js';
import type { ActivityItem } from '../../../shared/projects/projects.pages.js';
import type { ProjectRow } from './projects.queries.js';

const status = (s: string): 'active' | 'archived' => (s === 'archived' ? 'archived' : 'active');

/** A project as pages and the API see it. */
export function projectView(p: ProjectRow): ProjectView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    funder: p.funder,
    location: p.location,
    startDate: p.startDate,
    endDate: p.endDate,
    status: status(p.status),
    archivedAt: p.archivedAt ? p.archivedAt.toISOString() : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function projectListRow(r: {
  id: string;
  name: string;
  description: string | null;
  funder: string | null;
  location: string | null;
  status: string;
  updatedAt: Date;
  problemsCount: number;
}): ProjectListRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    funder: r.funder,
    location: r.location,
    status: status(r.status),
    problemsCount: Number(r.problemsCount),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function problemCard(p: {
  id: string;
  title: string;
  statement: string | null;
  status: string;
  updatedAt: Date;
  counts: Record<string, number>;
}) {
  return {
    id: p.id,
    title: p.title,
    statement: p.statement,
    status: p.status,
    updatedAt: p.updatedAt.toISOString(),
    counts: p.counts,
  };
}

export function activityItem(a: {
  id: string;
  action: string;
  actorName: string | null;
  actorEmail: string | null;
  subjectType: string | null;
  subjectLabel: string | null;
  createdAt: Date;
}): ActivityItem {
  return {
    id: a.id,
    action: a.action,
    sentence: auditSentence(a),
    actorName: a.actorName,
    subjectType: a.subjectType,
    subjectLabel: a.subjectLabel,
    createdAt: a.createdAt.toISOString(),
  };
}
