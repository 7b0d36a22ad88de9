import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import { notifications } from '../notifications/index.js';
import type { Role } from '../../../shared/permissions.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

/** Helpers shared by the teams integration tests (direct rows where the route is not under test). */
export function teamFixtures(app: () => FastifyInstance) {
  const db = () => app().ctx.db;
  return {
    async user(o: Parameters<typeof signedInUser>[1] = {}) {
      return signedInUser(app(), o);
    },
    /** a non-personal team owned by `ownerId` */
    async team(ownerId: string, name = `Team ${randomUUID().slice(0, 6)}`) {
      const id = randomUUID();
      await db()
        .insert(teams)
        .values({ id, name, slug: `t-${id}`, personal: false, ownerId });
      await db()
        .insert(teamMembers)
        .values({ id: randomUUID(), organizationId: id, userId: ownerId, role: 'owner' });
      return { id, name };
    },
    async addMember(teamId: string, userId: string, role: Role) {
      await db()
        .insert(teamMembers)
        .values({ id: randomUUID(), organizationId: teamId, userId, role });
    },
    async roleOf(teamId: string, userId: string) {
      const [r] = await db()
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)));
      return r?.role ?? null;
    },
    async currentTeamId(userId: string) {
      const [u] = await db()
        .select({ t: users.currentTeamId })
        .from(users)
        .where(eq(users.id, userId));
      return u?.t ?? null;
    },
    async teamById(id: string) {
      const [t] = await db().select().from(teams).where(eq(teams.id, id));
      return t ?? null;
    },
    async personalTeam(userId: string) {
      const [t] = await db()
        .select()
        .from(teams)
        .where(and(eq(teams.ownerId, userId), eq(teams.personal, true)));
      return t ?? null;
    },
    async confirmPassword(userId: string) {
      await db().update(users).set({ passwordConfirmedAt: new Date() }).where(eq(users.id, userId));
    },
    async audits(teamId: string, action: string) {
      return db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.teamId, teamId), eq(auditLogs.action, action)));
    },
    /** once the queued notification jobs have run */
    async notificationsOf(userId: string, type: string) {
      await drainJobs(app());
      return db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
        .orderBy(desc(notifications.createdAt));
    },
    /** once the queued mail jobs have run */
    async mailsTo(email: string) {
      await drainJobs(app());
      return db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt));
    },
  };
}
