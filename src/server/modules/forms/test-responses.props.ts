import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { formTestResponses } from './forms.tables.js';
import type { ResponseRow } from '../../../shared/forms/forms.pages.js';

/** One page of a form's test responses, shaped as the responses list's rows (marked `test`). */
export async function testResponsesPage(db: Db, teamId: string, formId: string, query: unknown) {
  const page = await tableQuery(db, query, {
    select: {
      id: formTestResponses.id,
      seq: formTestResponses.seq,
      wave: formTestResponses.wave,
      submittedAt: formTestResponses.submittedAt,
      answers: formTestResponses.answers,
    },
    from: formTestResponses,
    where: and(eq(formTestResponses.teamId, teamId), eq(formTestResponses.formId, formId)),
    searchable: [formTestResponses.answers],
    sortable: { seq: formTestResponses.seq, submitted_at: formTestResponses.submittedAt },
    defaultSort: 'seq',
    defaultDir: 'desc',
    tiebreak: formTestResponses.id,
  });
  return {
    ...page,
    rows: page.rows.map((r): ResponseRow => ({
      id: r.id,
      seq: r.seq,
      version: 0,
      wave: r.wave,
      status: 'received',
      stakeholder: null,
      submittedAt: r.submittedAt.toISOString(),
      deleted: false,
      answers: r.answers,
      flags: [],
      test: true,
    })),
  };
}

/** How many test responses a form has. */
export async function testResponsesCount(db: Db, formId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(formTestResponses)
    .where(eq(formTestResponses.formId, formId));
  return row.n;
}
