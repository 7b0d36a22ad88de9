import { loadTeamContext } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { ABILITIES, type Ability } from '../../../shared/permissions.js';
import { CliError, requireString, UsageError, withApp, type Command } from '../command.js';
import { findUserByEmail } from '../user-setup.js';

/**
 * The API tokens module (src/server/modules/api-tokens, built on the tokens branch) exports
 * `createApiToken(ctx, { userId, teamId, name, abilities })`. It is imported at run time so this
 * command builds without it; once merged, the import resolves and nothing here changes.
 */
type CreateApiToken = (
  ctx: AppContext,
  input: { userId: string; teamId: string; name: string; abilities: Ability[] },
) => Promise<unknown>;

export const API_TOKENS_MODULE = new URL('../../modules/api-tokens/index.js', import.meta.url).href;

async function loadCreateApiToken(): Promise<CreateApiToken> {
  let mod: { createApiToken?: CreateApiToken };
  try {
    mod = (await import(API_TOKENS_MODULE)) as typeof mod;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new CliError(
        'token:create needs the API tokens module (src/server/modules/api-tokens), which this build does not include.',
      );
    }
    throw err;
  }
  if (typeof mod.createApiToken !== 'function')
    throw new CliError(
      'The API tokens module does not export createApiToken(ctx, { userId, teamId, name, abilities }).',
    );
  return mod.createApiToken;
}

/** The plain-text token from whatever createApiToken returns (a string or an object holding it). */
export function plainToken(result: unknown): string {
  if (typeof result === 'string') return result;
  const r = (result ?? {}) as Record<string, unknown>;
  for (const k of ['plainText', 'plainTextToken', 'token', 'key'])
    if (typeof r[k] === 'string') return r[k] as string;
  throw new CliError('createApiToken returned no token.');
}

export function parseAbilities(raw: string): Ability[] {
  const list = [
    ...new Set(
      raw
        .split(',')
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0)
    throw new UsageError(`--abilities needs at least one of: ${ABILITIES.join(', ')}.`);
  const bad = list.filter((a) => !(ABILITIES as readonly string[]).includes(a));
  if (bad.length)
    throw new UsageError(
      `Unknown abilit${bad.length > 1 ? 'ies' : 'y'} ${bad.map((b) => `'${b}'`).join(', ')}: use ${ABILITIES.join(', ')}.`,
    );
  return list as Ability[];
}

export const tokenCreate: Command = {
  name: 'token:create',
  summary: "Create an API token for a user's current team and print it once",
  usage: '--email <email> --name <token name> [--abilities read,create,update,delete]',
  details: ['The token is shown only now; it is stored hashed. Default abilities: read.'],
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    abilities: { type: 'string', default: 'read' },
  },
  async run(values, io) {
    const email = requireString(values, 'email');
    const name = requireString(values, 'name');
    const abilities = parseAbilities(String(values.abilities));
    const createApiToken = await loadCreateApiToken();
    await withApp(io, async (app) => {
      const user = await findUserByEmail(app.ctx, email);
      if (!user) throw new CliError(`No user with the email ${email}.`);
      if (!user.emailVerified)
        throw new CliError(
          `${email} has not verified their email address; API tokens need a verified user.`,
        );
      const { team } = await loadTeamContext(app.ctx.db, user.id, user.currentTeamId);
      if (!team) throw new CliError(`${email} belongs to no team.`);
      const token = plainToken(
        await createApiToken(app.ctx, { userId: user.id, teamId: team.id, name, abilities }),
      );
      io.out(
        `API token '${name}' for ${email} in team '${team.name}' (abilities: ${abilities.join(', ')}).`,
      );
      io.out('Copy it now; it will not be shown again:');
      io.out('');
      io.out(token);
    });
  },
};
