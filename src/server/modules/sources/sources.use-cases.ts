import { eq } from 'drizzle-orm';
import { fail, ValidationError } from '../../platform/errors.js';
import { jobs } from '../../platform/jobs/index.js';
import type { UseCase } from '../../platform/use-case/index.js';
import { COLUMN_KEY_PATTERN } from '../../../shared/datasets/column-types.js';
import type { ImportSourceInput } from '../../../shared/datasets/datasets.schemas.js';
import type { UploadFormat } from '../../../shared/datasets/datasets.pages.js';
import {
  beginVersion,
  createDataset,
  findDataset,
  setVersionJob,
  versionOfJob,
  type NewColumn,
} from '../datasets/index.js';
import { datasets } from '../datasets/read-model.js';
import { findProject } from '../projects/index.js';
import { sourceFiles, urlSources } from './sources.tables.js';
import { findSourceFile } from './sources.queries.js';

export const DATASET_IMPORT = 'dataset.import';

/** Record an uploaded file (already checked and stored under the data dir) */
export async function recordUpload(
  uc: UseCase,
  input: {
    id: string;
    projectId: unknown;
    datasetId: unknown;
    fileName: string;
    byteSize: number;
    format: UploadFormat;
    encoding: string | null;
    delimiter: string | null;
    sheet: string | null;
    /** fetched from this address (a source by URL) */
    url?: string | null;
  },
) {
  const project = await findProject(uc.tx, uc.teamId, input.projectId);
  uc.can('content.create', { project });
  let datasetId: string | null = null;
  if (input.datasetId) {
    const { dataset } = await findDataset(uc.tx, uc.teamId, input.datasetId);
    if (dataset.projectId !== project.id) throw fail('NOT_FOUND', 'Dataset not found.');
    datasetId = dataset.id;
  }
  const [file] = await uc.tx
    .insert(sourceFiles)
    .values({
      id: input.id,
      teamId: uc.teamId,
      projectId: project.id,
      datasetId,
      fileName: input.fileName,
      byteSize: input.byteSize,
      format: input.format,
      encoding: input.encoding,
      delimiter: input.delimiter,
      sheet: input.sheet,
      url: input.url ?? null,
      createdBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: file.url ? 'source.fetched' : 'source.uploaded',
    subject: { type: 'source_file', id: file.id, label: file.fileName },
    details: {
      project: project.name,
      bytes: file.byteSize,
      format: file.format,
      ...(file.url ? { host: new URL(file.url).host } : {}),
    },
  });
  return { file, project };
}

/** lower-case key from a label: "Age (years)" -> age_years */
export function keyFromLabel(label: string): string {
  const k = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return /^[a-z]/.test(k) ? k : `col_${k}`.replace(/_+$/, '');
}

function uniqueKey(base: string, used: Set<string>): string {
  let key = COLUMN_KEY_PATTERN.test(base) ? base : 'col';
  for (let n = 2; used.has(key); n++) key = `${base.slice(0, 55)}_${n}`;
  used.add(key);
  return key;
}

/**
 * Start an import from the preview's choices: the dataset (new, or the one refreshed), a version
 * with its table and columns (keys kept by source column on a refresh), and the job.
 */
export async function startImport(
  uc: UseCase,
  { fileId, input, names }: { fileId: unknown; input: ImportSourceInput; names: string[] },
) {
  const { tx, teamId } = uc;
  const file = await findSourceFile(tx, teamId, fileId);
  const project = await findProject(tx, teamId, file.projectId);
  uc.can('content.create', { project });
  if (file.versionId || !file.stored)
    throw new ValidationError({ name: 'This file has already been imported: upload it again.' });
  const byIndex = new Map(input.columns.map((c) => [c.index, c]));
  for (const c of input.columns)
    if (c.index >= names.length)
      throw new ValidationError({ columns: `The file has no column ${c.index + 1}.` });
  const included = names
    .map((source, index) => ({ source, index, choice: byIndex.get(index) }))
    .filter((c) => c.choice?.include !== false);
  if (!included.length) throw new ValidationError({ columns: 'Include at least one column.' });
  const sc = input.stakeholderColumn;
  if (sc !== null && !included.some((c) => c.index === sc))
    throw new ValidationError({ stakeholderColumn: 'Pick an included column.' });

  let dataset = file.datasetId ? (await findDataset(tx, teamId, file.datasetId)).dataset : null;
  const kept = new Map<string, string>();
  if (dataset) {
    const { columns } = await findDataset(tx, teamId, dataset.id);
    for (const c of columns) if (c.sourceColumn) kept.set(c.sourceColumn, c.key);
  }
  const used = new Set<string>(kept.values());
  const columns: NewColumn[] = included.map(({ source, choice }) => {
    const key = kept.get(source);
    return {
      key: key ?? uniqueKey(keyFromLabel(choice?.label ?? source), used),
      label: choice?.label ?? source,
      type: choice?.type ?? 'text',
      sourceColumn: source,
    };
  });
  const stakeholderKey =
    sc === null ? null : columns[included.findIndex((c) => c.index === sc)].key;
  if (!dataset) {
    dataset = await createDataset(uc, {
      projectId: project.id,
      name: input.name,
      origin: 'upload',
      originId: file.id,
    });
  }
  await tx
    .update(datasets)
    .set({ name: input.name, stakeholderColumnKey: stakeholderKey, updatedAt: new Date() })
    .where(eq(datasets.id, dataset.id));
  const { version } = await beginVersion(uc, dataset.id, columns);
  const jobId = await uc.enqueue(DATASET_IMPORT, { versionId: version.id });
  await setVersionJob(tx, version.id, jobId);
  await tx
    .update(sourceFiles)
    .set({ datasetId: dataset.id, versionId: version.id, sheet: input.sheet ?? file.sheet })
    .where(eq(sourceFiles.id, file.id));
  if (file.url)
    await uc.tx
      .insert(urlSources)
      .values({ teamId, datasetId: dataset.id, url: file.url, createdBy: uc.actor.userId })
      .onConflictDoUpdate({ target: urlSources.datasetId, set: { url: file.url } });
  await uc.audit({
    action: 'dataset.import_started',
    subject: { type: 'dataset', id: dataset.id, label: input.name },
    details: { version: version.number, file: file.fileName, columns: columns.length },
  });
  return { jobId, dataset, version };
}

/** Ask a running import to stop: the job checks between chunks and cancels the version */
export async function cancelImport(uc: UseCase, jobId: unknown) {
  const version = await versionOfJob(uc.tx, uc.teamId, jobId);
  const { dataset } = await findDataset(uc.tx, uc.teamId, version.datasetId);
  const project = await findProject(uc.tx, uc.teamId, dataset.projectId);
  uc.can('content.update', { project });
  if (version.status !== 'importing')
    throw new ValidationError({ job: 'This import has already ended.' });
  await uc.tx.update(jobs).set({ cancelRequested: true }).where(eq(jobs.id, version.jobId!));
  await uc.audit({
    action: 'dataset.import_cancel_requested',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { version: version.number },
  });
  return { version, dataset };
}
