import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/index.js';
import type {
  DatasetListItem,
  JobProgress,
  JobStatusProps,
  RowErrorItem,
  SourceShowProps,
  VersionItem,
} from '../../../shared/datasets/datasets.pages.js';
import {
  datasetsOf,
  findDataset,
  readRows,
  rowErrorsOf,
  versionOfJob,
  versionsOf,
  versionsOfMany,
  versionDiff,
} from '../datasets/index.js';
import { canRetry, urlSourceOf } from './sources.url.js';
import { findProject } from '../projects/index.js';
import { datasetColumnFeeds } from '../metrics/index.js';
import { projects } from '../projects/read-model.js';
import { sourceFiles } from './sources.tables.js';

type Version = Awaited<ReturnType<typeof versionsOf>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function versionItem(v: Version, fileName: string | null): VersionItem {
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    rowCount: Number(v.rowCount),
    errorCount: v.errorCount,
    jobId: v.jobId,
    failure: v.failure,
    fileName,
    createdAt: v.createdAt.toISOString(),
    finishedAt: iso(v.finishedAt),
  };
}

async function fileNames(db: Db, versionIds: string[]) {
  if (!versionIds.length) return new Map<string, string>();
  const rows = await db
    .select({ v: sourceFiles.versionId, name: sourceFiles.fileName })
    .from(sourceFiles)
    .where(inArray(sourceFiles.versionId, versionIds));
  return new Map(rows.map((r) => [r.v!, r.name]));
}

const errorItem = (e: {
  row: number;
  columnKey: string;
  value: string;
  reason: string;
}): RowErrorItem => ({
  row: Number(e.row),
  column: e.columnKey,
  value: e.value,
  reason: e.reason,
});

/** The team's (or one project's) datasets with their newest version */
export async function datasetList(
  db: Db,
  teamId: string,
  projectId: string | null,
): Promise<DatasetListItem[]> {
  const list = await datasetsOf(db, teamId, projectId);
  const versions = await versionsOfMany(
    db,
    teamId,
    list.map((d) => d.id),
  );
  const names = await fileNames(
    db,
    versions.map((v) => v.id),
  );
  const projectRows = list.length
    ? await db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(inArray(projects.id, [...new Set(list.map((d) => d.projectId))]))
    : [];
  const projectOf = new Map(projectRows.map((p) => [p.id, p]));
  return list.map((d) => {
    const mine = versions.filter((v) => v.datasetId === d.id);
    const newest = mine[0];
    const current = mine.find((v) => v.id === d.currentVersionId);
    return {
      id: d.id,
      name: d.name,
      origin: d.origin,
      project: projectOf.get(d.projectId) ?? { id: d.projectId, name: '' },
      status: newest?.status ?? null,
      rowCount: current ? Number(current.rowCount) : null,
      fileName: newest ? (names.get(newest.id) ?? null) : null,
      updatedAt: d.updatedAt.toISOString(),
    };
  });
}

export async function sourceShowProps(
  ctx: AppContext,
  teamId: string,
  id: unknown,
  compare: unknown = null,
): Promise<SourceShowProps> {
  const { dataset, current, columns } = await findDataset(ctx.db, teamId, id);
  const project = await findProject(ctx.db, teamId, dataset.projectId);
  const versions = await versionsOf(ctx.db, teamId, dataset.id);
  const names = await fileNames(
    ctx.db,
    versions.map((v) => v.id),
  );
  const active = versions.find((v) => v.status === 'importing');
  const url = await urlSourceOf(ctx.db, teamId, dataset.id);
  return {
    dataset: {
      id: dataset.id,
      name: dataset.name,
      origin: dataset.origin,
      stakeholderColumnKey: dataset.stakeholderColumnKey,
      createdAt: dataset.createdAt.toISOString(),
    },
    project: { id: project.id, name: project.name },
    fileName: current ? (names.get(current.id) ?? null) : null,
    current: current ? versionItem(current, names.get(current.id) ?? null) : null,
    versions: versions.map((v) => versionItem(v, names.get(v.id) ?? null)),
    columns: columns.map((c) => ({
      key: c.key,
      label: c.label,
      type: c.type,
      sourceColumn: c.sourceColumn,
      stats: c.stats ?? null,
    })),
    errors: current ? (await rowErrorsOf(ctx.db, current.id)).map(errorItem) : [],
    rows: current ? await readRows(ctx.db, teamId, dataset.id, { limit: 50 }) : null,
    activeJobId: active?.jobId ?? null,
    urlSource: url
      ? {
          url: url.url,
          schedule: url.schedule,
          nextRunAt: iso(url.nextRunAt),
          lastRunAt: iso(url.lastRunAt),
          lastError: url.lastError,
        }
      : null,
    diff: current ? await versionDiff(ctx.db, teamId, current, compare) : null,
    feeds: (await datasetColumnFeeds(ctx.db, teamId, dataset.id)).map((f) => ({
      ...f,
      columnLabel: columns.find((c) => c.key === f.columnKey)?.label ?? null,
    })),
  };
}

export async function jobStatusProps(
  ctx: AppContext,
  teamId: string,
  jobId: unknown,
): Promise<JobStatusProps> {
  const version = await versionOfJob(ctx.db, teamId, jobId);
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, version.jobId!));
  const { dataset } = await findDataset(ctx.db, teamId, version.datasetId);
  const project = await findProject(ctx.db, teamId, dataset.projectId);
  const names = await fileNames(ctx.db, [version.id]);
  return {
    job: {
      id: version.jobId!,
      status: job?.status ?? 'done',
      progress: (job?.progress as JobProgress | null) ?? null,
      cancelRequested: job?.cancelRequested ?? false,
    },
    project: { id: project.id, name: project.name },
    dataset: { id: dataset.id, name: dataset.name },
    version: versionItem(version, names.get(version.id) ?? null),
    errors: (await rowErrorsOf(ctx.db, version.id)).map(errorItem),
    canRetry: await canRetry(ctx, teamId, version),
  };
}
