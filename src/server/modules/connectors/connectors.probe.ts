import type { AppContext } from '../../platform/context.js';
import type { RemoteFormView } from '../../../shared/connectors/connectors.pages.js';
import { boxOf, policyOf } from '../databases/index.js';
import { ConnectorError } from './connectors.http.js';
import { specOf, specWith, type ConnectorRow } from './connectors.queries.js';
import { remoteOf } from './connectors.remote.js';
import type { TestOutcome } from './connectors.use-cases.js';

const messageOf = (err: unknown) =>
  err instanceof ConnectorError ? err.message : 'The service could not be read.';

/**
 * The remote forms, or the reason they could not be listed (nothing is thrown); with the stored
 * secret, or with `secret` (a new one being tested before it is stored).
 */
export async function formsOf(
  ctx: AppContext,
  connector: ConnectorRow,
  secret?: string,
): Promise<{ forms: RemoteFormView[] | null; problem: string | null }> {
  try {
    const spec = secret === undefined ? specOf(boxOf(ctx), connector) : specWith(connector, secret);
    return { forms: await remoteOf(spec, policyOf(ctx)).forms(), problem: null };
  } catch (err) {
    return { forms: null, problem: messageOf(err) };
  }
}

/** Whether the service answers to the stored secret (or to `secret`), as the user reads it */
export async function testOf(
  ctx: AppContext,
  connector: ConnectorRow,
  secret?: string,
): Promise<TestOutcome> {
  const { forms, problem } = await formsOf(ctx, connector, secret);
  if (!forms) return { ok: false, message: problem! };
  return {
    ok: true,
    message:
      forms.length === 1
        ? 'Connected: 1 form readable.'
        : `Connected: ${forms.length} forms readable.`,
  };
}
