import { eq } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import type {
  ConnectorImportInput,
  CreateConnectorInput,
} from '../../../shared/connectors/connectors.schemas.js';
import { SCHEDULE_MS, type ImportSchedule } from '../../../shared/databases/databases.constants.js';
import { createDataset } from '../datasets/index.js';
import { boxOf } from '../databases/index.js';
import { findProject } from '../projects/index.js';
import {
  connectorBinding,
  findConnector,
  findConnectorImport,
  revokedMessage,
  type ConnectorRow,
} from './connectors.queries.js';
import { connectorImports, connectors } from './connectors.tables.js';

export const CONNECTOR_IMPORT = 'connector.import';

const subject = (c: ConnectorRow) => ({ type: 'connector', id: c.id, label: c.name });

function nextRun(schedule: ImportSchedule, from: Date): Date | null {
  return schedule === 'none' ? null : new Date(from.getTime() + SCHEDULE_MS[schedule]);
}

/** Save a connector, its token or password sealed and bound to the new row */
export async function createConnector(uc: UseCase, input: CreateConnectorInput) {
  uc.can('content.create');
  const id = crypto.randomUUID();
  const odk = input.kind === 'odk';
  const [connector] = await uc.tx
    .insert(connectors)
    .values({
      id,
      teamId: uc.teamId,
      name: input.name,
      kind: input.kind,
      url: input.url.replace(/\/+$/, ''),
      odkProjectId: odk ? Number(input.odkProjectId) : null,
      email: odk ? (input.email ?? null) : null,
      sealed: boxOf(uc.ctx).seal(input.secret, connectorBinding(id)),
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'connector.created',
    subject: subject(connector),
    details: { kind: connector.kind, url: connector.url },
  });
  return connector;
}

export async function deleteConnector(uc: UseCase, id: unknown) {
  const connector = await findConnector(uc.tx, uc.teamId, id);
  uc.can('content.delete');
  await uc.tx.delete(connectors).where(eq(connectors.id, connector.id));
  await uc.audit({
    action: 'connector.deleted',
    subject: subject(connector),
    details: { kind: connector.kind, url: connector.url },
  });
  return connector;
}

export interface TestOutcome {
  ok: boolean;
  message: string;
}

/** Record a test's answer (made by the caller, outside the transaction); a revoked one stays so */
export async function recordConnectorTest(
  uc: UseCase,
  connector: ConnectorRow,
  outcome: TestOutcome,
) {
  uc.can('content.update');
  const now = new Date();
  await uc.tx
    .update(connectors)
    .set({
      status: connector.revokedAt ? 'revoked' : outcome.ok ? 'ready' : 'failed',
      statusMessage: outcome.message,
      testedAt: now,
      // the secret worked just now (the page's "last used")
      ...(outcome.ok ? { lastUsedAt: now } : {}),
    })
    .where(eq(connectors.id, connector.id));
  await uc.audit({
    action: 'connector.tested',
    subject: subject(connector),
    details: { result: outcome.ok ? 'ready' : 'failed' },
  });
}

/**
 * Replace a connector's token or password (Settings → Sources authentication) with one the caller
 * has just tested against the service (outside the transaction): sealed to the row, the connector
 * ready again (a revoked one too: this is how a new credential is added).
 */
export async function rotateConnectorSecret(
  uc: UseCase,
  id: unknown,
  input: { secret: string; tested: TestOutcome; now: Date },
) {
  const connector = await findConnector(uc.tx, uc.teamId, id);
  uc.can('team.settings.manage');
  await uc.tx
    .update(connectors)
    .set({
      sealed: boxOf(uc.ctx).seal(input.secret, connectorBinding(connector.id)),
      status: 'ready',
      statusMessage: input.tested.message,
      testedAt: input.now,
      rotatedAt: input.now,
      lastUsedAt: input.now,
      revokedAt: null,
      updatedAt: input.now,
    })
    .where(eq(connectors.id, connector.id));
  await uc.audit({
    action: 'connector.credential_rotated',
    subject: subject(connector),
    details: { kind: connector.kind, was_revoked: connector.revokedAt !== null },
  });
  return connector;
}

/** Wipe a connector's token or password: its imports and refreshes fail until a new one is added */
export async function revokeConnectorSecret(uc: UseCase, id: unknown, now: Date) {
  const connector = await findConnector(uc.tx, uc.teamId, id);
  uc.can('team.settings.manage');
  if (connector.revokedAt) return connector;
  await uc.tx
    .update(connectors)
    .set({
      sealed: null,
      status: 'revoked',
      statusMessage: revokedMessage(connector),
      revokedAt: now,
      updatedAt: now,
    })
    .where(eq(connectors.id, connector.id));
  await uc.audit({
    action: 'connector.credential_revoked',
    subject: subject(connector),
    details: { kind: connector.kind },
  });
  return connector;
}

/** Pull a remote form into a new dataset of a project: the dataset now, its rows by a job */
export async function startConnectorImport(
  uc: UseCase,
  input: { connectorId: unknown; import: ConnectorImportInput; formName: string; now: Date },
) {
  const connector = await findConnector(uc.tx, uc.teamId, input.connectorId);
  const project = await findProject(uc.tx, uc.teamId, input.import.projectId);
  uc.can('content.create', { project });
  const importId = crypto.randomUUID();
  const dataset = await createDataset(uc, {
    projectId: project.id,
    name: input.import.name,
    origin: 'connector',
    originId: importId,
  });
  const jobId = await uc.enqueue(CONNECTOR_IMPORT, { importId });
  const [imp] = await uc.tx
    .insert(connectorImports)
    .values({
      id: importId,
      teamId: uc.teamId,
      connectorId: connector.id,
      projectId: project.id,
      datasetId: dataset.id,
      formId: input.import.formId,
      formName: input.formName,
      schedule: input.import.schedule,
      status: 'queued',
      jobId,
      lastRunAt: input.now,
      nextRunAt: nextRun(input.import.schedule, input.now),
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'dataset.import_started',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { connector: connector.id, form: imp.formId, schedule: imp.schedule },
  });
  return { dataset, import: imp, jobId };
}

/**
 * Pull a form again (on demand or on its schedule): a new version of its dataset, each remote
 * record once. A pull already queued or running is not doubled.
 */
export async function refreshConnectorImport(
  uc: UseCase,
  id: unknown,
  opts: { now: Date; scheduled: boolean },
) {
  const imp = await findConnectorImport(uc.tx, uc.teamId, id);
  if (!opts.scheduled) uc.can('content.update');
  if (imp.status === 'queued' || imp.status === 'running') {
    if (opts.scheduled) return { import: imp, jobId: imp.jobId, started: false };
    throw new ValidationError({ import: 'This form is being imported already: wait for it.' });
  }
  const jobId = await uc.enqueue(CONNECTOR_IMPORT, { importId: imp.id });
  const [updated] = await uc.tx
    .update(connectorImports)
    .set({
      status: 'queued',
      message: null,
      fetched: 0,
      jobId,
      lastRunAt: opts.now,
      nextRunAt: nextRun(imp.schedule, opts.now),
    })
    .where(eq(connectorImports.id, imp.id))
    .returning();
  await uc.audit({
    action: 'dataset.import_started',
    subject: { type: 'dataset', id: imp.datasetId },
    details: { connector: imp.connectorId, form: imp.formId, scheduled: opts.scheduled },
  });
  return { import: updated, jobId, started: true };
}
