import { and, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables.js';
import { withApp, type Command } from '../command.js';
import { createVerifiedUser, ensureTeamOwner, findUserByEmail } from '../user-setup.js';
import { projects } from '../../modules/projects/projects.tables.js';
import { materializeProblem, SHIPPED_LIBRARY } from '../../modules/libraries/index.js';
import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { seedDemoActivity } from '../demo-activity.js';

export const DEMO = {
  team: 'Demo Foundation',
  project: 'Keeping girls in school (demo)',
  name: 'Demo User',
  email: 'demo@pathways.local',
  password: 'pathways-demo',
} as const;

export const dbSeed: Command = {
  name: 'db:seed',
  summary: `Create the demo team '${DEMO.team}' and its demo user (safe to run again)`,
  usage: '',
  details: [
    `Demo sign-in: ${DEMO.email} / ${DEMO.password}. An existing demo user keeps its password.`,
  ],
  options: {},
  async run(_values, io) {
    await withApp(io, async (app) => {
      const ctx = app.ctx;
      let user = await findUserByEmail(ctx, DEMO.email);
      let passwordKept = false;
      if (!user) {
        user = await createVerifiedUser(ctx, {
          email: DEMO.email,
          password: DEMO.password,
          name: DEMO.name,
        });
        io.out(`Created demo user ${DEMO.email}.`);
      } else {
        passwordKept = true;
        if (!user.emailVerified)
          await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        io.out(`Demo user ${DEMO.email} already exists.`);
      }
      const team = await ensureTeamOwner(ctx, user.id, DEMO.team);
      io.out(
        team.created
          ? `Created team '${DEMO.team}'.`
          : `Team '${DEMO.team}' already exists${team.joined ? '; the demo user now owns it' : ''}.`,
      );
      // a project holding the first problem of the shipped library, so the demo opens on a real theory of change
      const [existing] = await ctx.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.teamId, team.teamId), eq(projects.name, DEMO.project)));
      let projectId = existing?.id;
      if (existing) io.out(`Project '${DEMO.project}' already exists.`);
      else {
        const entry = SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!;
        projectId = await ctx.db.transaction(async (tx) => {
          const [project] = await tx
            .insert(projects)
            .values({
              teamId: team.teamId,
              name: DEMO.project,
              description:
                'Created by db:seed from the Pathways library. Set baselines and targets, then enter values.',
              createdBy: user.id,
            })
            .returning({ id: projects.id });
          await materializeProblem(tx, {
            teamId: team.teamId,
            projectId: project.id,
            userId: user.id,
            template: entry.template as ProblemTemplate,
            libraryItemId: entry.slug,
          });
          return project.id;
        });
        io.out(`Created project '${DEMO.project}' with the library problem '${entry.title}'.`);
      }
      // a year of baselines, targets, values, comments and activity (once)
      const demo = await seedDemoActivity(ctx.db, {
        teamId: team.teamId,
        projectId: projectId!,
        user: { id: user.id, name: user.name ?? DEMO.name, email: DEMO.email },
      });
      io.out(
        demo.seeded
          ? `Entered a year of values for ${demo.metrics} metrics (${demo.values} values), with targets, comments and activity.`
          : `The demo metrics already have values.`,
      );
      io.out('');
      io.out(`Sign in at ${ctx.config.appUrl}/login`);
      io.out(`  email:    ${DEMO.email}`);
      io.out(
        `  password: ${DEMO.password}${passwordKept ? '   (unless it was changed since the first seed)' : ''}`,
      );
    });
  },
};
