import type { Permission, Role } from '../../../shared/permissions.js';
import { auditLogs } from '../audit/audit.tables.js';
import { scrubSecrets } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import type { PayloadOf } from '../jobs/index.js';
import { fail } from '../errors.js';
import { authorize, type PolicyResource } from './policy.js';
import { channels } from '../../../shared/realtime/channels.js';
import { ACTIVITY_EVENT } from '../../../shared/audit-logs/activity-event.js';

/** Who is writing: the same shape whether the request came through a page or /api/v1. */
export interface WriteActor {
  userId: string;
  name: string;
  email: string;
  teamId: string;
  role: Role | null;
  /** set when the request authenticated with an API token */
  tokenId: string | null;
  ip: string | null;
  userAgent: string | null;
}

interface UseCaseAudit {
  action: string;
  /** `id` is null only for a guest's row about an account that does not exist (an email tried) */
  subject?: { type: string; id: string | null; label?: string | null };
  details?: Record<string, unknown>;
  /** defaults to the actor's team (null for account-level entries) */
  teamId?: string | null;
}

/** An account-level write (profile, password, two-factor, tokens): the team is the current one, if any. */
export interface AccountActor extends Omit<WriteActor, 'teamId'> {
  teamId: string | null;
}

/** What an account-level use case holds: the same duties, no team scope. */
export interface AccountUseCase extends Omit<UseCase, 'teamId' | 'actor' | 'removing'> {
  readonly actor: AccountActor;
  readonly teamId: string | null;
}

/**
 * A guest write (sign-in, registration, password reset, email verification): nobody is signed in
 * yet, so the actor is the request's IP and user agent; each audit row names the user it is about
 * (the one signing in, registering, resetting), or none.
 */
export interface GuestActor {
  ip: string | null;
  userAgent: string | null;
}

/** Who a guest write's audit row is by: the user being signed in or registered, or only an email tried. */
interface GuestAuditUser {
  id: string | null;
  name: string | null;
  email: string | null;
}

/** What a guest use case holds: the transaction and the write's duties, no policy, no team. */
export interface GuestUseCase extends Omit<
  UseCase,
  'teamId' | 'actor' | 'removing' | 'can' | 'audit'
> {
  readonly actor: GuestActor;
  /** the audit row (account-level: no team), by `user`, in the same transaction */
  audit(entry: Omit<UseCaseAudit, 'teamId'> & { user: GuestAuditUser }): Promise<void>;
}

/** What a use case holds while it runs: one transaction, the actor, and the write's duties. */
export interface UseCase {
  readonly tx: Db;
  readonly actor: WriteActor;
  readonly teamId: string;
  readonly ctx: AppContext;
  /** the authorization check (permission matrix, archived project, owner rules): throws */
  can(permission: Permission, resource?: PolicyResource): void;
  /** the audit row, in the same transaction: if it fails, the change is not there */
  audit(entry: UseCaseAudit): Promise<void>;
  /** a write that is deliberately not audited (say why; e.g. marking a notification read) */
  unaudited(reason: string): void;
  /** records of `subjectType` are being removed: run the cascades other modules registered */
  removing(subjectType: string, ids: string[]): Promise<void>;
  /** a live event, published only after the transaction commits */
  publish(channels: string | string[], event: string, data: unknown): void;
  /** anything else that must wait for the commit (never for data the write depends on) */
  afterCommit(fn: () => Promise<unknown> | void): void;
  /** a background job, enqueued inside the transaction (it exists only if the write commits) */
  enqueue<T extends string>(type: T, payload: PayloadOf<T>): Promise<string>;
}

/**
 * Run one write: a transaction with the actor and team in hand; inside it the use case checks
 * its policy, changes, audits and cascades; after the commit its events are published. Routes
 * (page and API alike) parse their input, call a use case, and answer.
 */
export function runUseCase<T>(
  ctx: AppContext,
  actor: WriteActor,
  run: (uc: UseCase) => Promise<T>,
): Promise<T> {
  return runWrite(ctx, actor, run as (uc: AccountUseCase | UseCase) => Promise<T>);
}

/** The same for account-level writes (no team scope; audited under the current team, if any). */
export function runAccountUseCase<T>(
  ctx: AppContext,
  actor: AccountActor,
  run: (uc: AccountUseCase) => Promise<T>,
): Promise<T> {
  return runWrite(ctx, actor, run as (uc: AccountUseCase | UseCase) => Promise<T>);
}

/**
 * The same for guest writes: the change (Better Auth's part through `withAuthWritesIn(ctx.auth,
 * uc.tx, ...)`) and its audit row in one transaction; cookies Better Auth answers are forwarded
 * by the route after the commit.
 */
export function runGuestUseCase<T>(
  ctx: AppContext,
  actor: GuestActor,
  run: (uc: GuestUseCase) => Promise<T>,
): Promise<T> {
  const writer: Writer = {
    userId: null,
    name: null,
    email: null,
    teamId: null,
    role: null,
    tokenId: null,
    ...actor,
  };
  return runWrite(ctx, writer, run as unknown as (uc: UseCase) => Promise<T>);
}

/** Whoever writes: a signed-in actor, or a guest (no user). */
type Writer = Omit<AccountActor, 'userId' | 'name' | 'email'> & {
  userId: string | null;
  name: string | null;
  email: string | null;
};

async function runWrite<T>(
  ctx: AppContext,
  actor: Writer,
  run: (uc: UseCase) => Promise<T>,
): Promise<T> {
  const after: Array<() => Promise<unknown> | void> = [];
  const result = await ctx.db.transaction(async (transaction) => {
    // drizzle's transaction type is a narrower Db; the use case sees the one Db type
    const tx = transaction as unknown as Db;
    let audited = false;
    let exempt = false;
    let enqueued = false;
    let liveActivity = false;
    const uc = {
      tx,
      actor,
      teamId: actor.teamId,
      ctx,
      can: (permission: Permission, resource?: PolicyResource) => {
        if (actor.userId === null) throw fail('SERVER_ERROR', 'A guest write has no policy.');
        authorize(actor as WriteActor, permission, resource);
      },
      async audit(entry: UseCaseAudit & { user?: GuestAuditUser }) {
        audited = true;
        const team = entry.teamId !== undefined ? entry.teamId : actor.teamId;
        // the team's activity feeds (dashboard) refresh live; the event carries the action only
        if (team && !liveActivity) {
          liveActivity = true;
          after.push(() =>
            ctx.realtime.publish(channels.team(team), ACTIVITY_EVENT, { action: entry.action }),
          );
        }
        // a guest's row is by the user it is about; a signed-in actor's by the actor
        const by = entry.user ?? { id: actor.userId, name: actor.name, email: actor.email };
        await tx.insert(auditLogs).values({
          action: entry.action,
          teamId: entry.teamId !== undefined ? entry.teamId : actor.teamId,
          userId: by.id,
          actorName: by.name,
          actorEmail: by.email,
          subjectType: entry.subject?.type ?? null,
          subjectId: entry.subject?.id ?? null,
          subjectLabel: entry.subject?.label ?? null,
          ip: actor.ip,
          userAgent: actor.userAgent?.slice(0, 400) ?? null,
          details: entry.details ? (scrubSecrets(entry.details) as Record<string, unknown>) : null,
        });
      },
      unaudited: () => {
        exempt = true;
      },
      removing: async (subjectType: string, ids: string[]) => {
        if (!actor.teamId) throw fail('SERVER_ERROR', 'Removals are team-scoped.');
        await ctx.cascades.removing({
          tx,
          teamId: actor.teamId,
          subjectType,
          ids,
        });
      },
      publish: (channels: string | string[], event: string, data: unknown) => {
        after.push(() => ctx.realtime.publish(channels, event, data));
      },
      afterCommit: (fn: () => Promise<unknown> | void) => {
        after.push(fn);
      },
      enqueue: <T extends string>(type: T, payload: PayloadOf<T>) => {
        if (!enqueued) after.push(() => ctx.jobs.poke());
        enqueued = true;
        return ctx.jobs.enqueue(type, payload, { tx });
      },
    };
    const out = await run(uc as UseCase);
    // every write leaves its trace: a use case that forgot its audit row is a bug, not a choice
    if (!audited && !exempt)
      throw fail('SERVER_ERROR', 'This change was not audited; it was not saved.');
    return out;
  });
  // a mail Better Auth queued inside the transaction (joinedAuthTx) is there now
  ctx.jobs.poke();
  for (const fn of after) {
    try {
      await fn();
    } catch {
      // the write has committed; a lost live event or follow-up must not turn it into an error
    }
  }
  return result;
}
