import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { fail, notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { ResponseExportOptions } from '../../../shared/forms/responses-export.js';
import type { ResponsesFilters } from '../../../shared/forms/forms.pages.js';
import { findForm } from './forms.queries.js';
import { formExports } from './forms.tables.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'forms.response-export': { exportId: string };
  }
}

/** Start a background export of a form's responses (the list's filters, the dialog's options). */
export async function requestResponseExport(
  uc: UseCase,
  input: { formId: string; options: ResponseExportOptions; filters: ResponsesFilters },
) {
  const { form, project } = await findForm(uc.tx, uc.teamId, input.formId);
  uc.can('content.view', { project });
  const [row] = await uc.tx
    .insert(formExports)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      requestedBy: uc.actor.userId || null,
      options: input.options,
      filters: input.filters,
    })
    .returning({ id: formExports.id });
  const jobId = await uc.enqueue('forms.response-export', { exportId: row.id });
  await uc.tx.update(formExports).set({ jobId }).where(eq(formExports.id, row.id));
  await uc.audit({
    action: 'responses.export_requested',
    subject: { type: 'form', id: form.id },
    details: { exportId: row.id, ...input.options },
  });
  return { exportId: row.id };
}

/** The team's export of a form's responses (another team's id: 404). */
export async function findResponseExport(db: UseCase['tx'], teamId: string, exportId: unknown) {
  const id = idOr404(exportId, 'Export');
  const [row] = await db
    .select()
    .from(formExports)
    .where(and(eq(formExports.id, id), eq(formExports.teamId, teamId)));
  if (!row) throw notFound('Export');
  return row;
}

/** The export behind a download link: the team's, finished and not expired. */
export async function downloadResponseExport(uc: UseCase, exportId: unknown, now = new Date()) {
  const row = await findResponseExport(uc.tx, uc.teamId, exportId);
  const { project } = await findForm(uc.tx, uc.teamId, row.formId);
  uc.can('content.view', { project });
  if (row.status !== 'done' || !row.expiresAt)
    throw fail('CONFLICT', 'This export is not ready yet.');
  if (row.expiresAt <= now)
    throw fail('NOT_FOUND', 'This export expired and was deleted. Start a new one.');
  await uc.audit({
    action: 'responses.export_downloaded',
    subject: { type: 'form', id: row.formId },
    details: { exportId: row.id, byteSize: row.byteSize },
  });
  return row;
}
