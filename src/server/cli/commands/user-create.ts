import { requireString, withApp, type Command } from '../command.js';
import { createVerifiedUser, ensureTeamOwner } from '../user-setup.js';

export const userCreate: Command = {
  name: 'user:create',
  summary: 'Create a verified user (optionally as owner of a team)',
  usage: '--email <email> --password <password> --name <name> [--team <team name>]',
  details: [
    'The user is created through the normal sign-up path (personal team and other hooks run)',
    'and marked verified. With --team the user owns that team: it is created, or joined as owner.',
  ],
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    team: { type: 'string' },
  },
  async run(values, io) {
    const email = requireString(values, 'email');
    const password = requireString(values, 'password');
    const name = requireString(values, 'name');
    const team = typeof values.team === 'string' ? values.team : undefined;
    await withApp(io, async (app) => {
      const user = await createVerifiedUser(app.ctx, { email, password, name });
      io.out(`Created verified user ${user.email} (id ${user.id}).`);
      if (team !== undefined) {
        const r = await ensureTeamOwner(app.ctx, user.id, team);
        io.out(
          r.created
            ? `Created team '${team.trim()}' (id ${r.teamId}) owned by ${user.email}.`
            : `Added ${user.email} to team '${team.trim()}' (id ${r.teamId}) as owner.`,
        );
      }
    });
  },
};
