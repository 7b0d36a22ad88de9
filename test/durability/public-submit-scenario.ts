import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formResponses } from '../../src/server/modules/forms/read-model.js';
import { Jar, type WriteScenario } from './acked-writes.js';

/**
 * Public form submissions (POST /f/:formToken) with a device-made id per write, as the offline
 * outbox sends them: the XSRF-TOKEN cookie from the form document, echoed as X-CSRF-TOKEN.
 * Acknowledged = 201 created or 200 duplicate. `write(base, i)` always sends the same id and
 * answers for the same i, so calling it again is the outbox's retry.
 */
export function publicSubmitScenario(formId: string, token: string) {
  const ids: string[] = [];
  const idFor = (i: number) => (ids[i] ??= randomUUID());
  const jars = new Map<string, Promise<Jar>>();
  const jarFor = (base: string) => {
    let jar = jars.get(base);
    if (!jar) {
      jar = fetch(`${base}/f/${token}`).then((res) => {
        const j = new Jar();
        j.take(res);
        return j;
      });
      jars.set(base, jar);
    }
    return jar;
  };
  /** the status of one send of write i (0: the connection died) */
  const send = async (base: string, i: number) => {
    try {
      const jar = await jarFor(base);
      const res = await fetch(`${base}/f/${token}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-csrf-token': decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? ''),
          cookie: jar.header(),
        },
        body: JSON.stringify({ id: idFor(i), version: 1, answers: { n: String(i) } }),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      jars.delete(base); // the server died: a restarted one gets a fresh jar
      return 0;
    }
  };
  const scenario: WriteScenario & { send: typeof send; idFor: typeof idFor } = {
    name: 'POST /f/:formToken',
    send,
    idFor,
    async available(base) {
      return (await fetch(`${base}/f/${token}`)).status === 200;
    },
    async write(base, i) {
      const status = await send(base, i);
      return status === 201 || status === 200 ? idFor(i) : null;
    },
    /** the ids stored, once per row (a repeated id would appear twice) */
    async present(db, keys) {
      if (keys.length === 0) return [];
      const rows = await db
        .select({ id: formResponses.clientId })
        .from(formResponses)
        .where(and(eq(formResponses.formId, formId), inArray(formResponses.clientId, keys)));
      return rows.map((r) => r.id);
    },
  };
  return scenario;
}
