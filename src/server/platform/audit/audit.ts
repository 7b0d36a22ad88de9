import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLogs } from './audit.tables.js';

export interface AuditEntry {
  action: string;
  teamId?: string | null;
  userId?: string | null;
  actorName?: string | null;
  actorEmail?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  subjectLabel?: string | null;
  details?: Record<string, unknown>;
}

const SECRET_KEY =
  /pass(word)?|secret|token|key|code|otp|totp|recovery|backup|authorization|cookie/i;

/** Drop anything that looks like a secret, at any depth. */
export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, scrubSecrets(v)]),
    );
  }
  return value;
}

/** Write one audit entry; the actor, team and IP default from the request. */
export async function audit(
  db: Db,
  request: FastifyRequest | null,
  entry: AuditEntry,
): Promise<void> {
  const actor = request?.actor ?? null;
  await db.insert(auditLogs).values({
    action: entry.action,
    teamId: entry.teamId !== undefined ? entry.teamId : (actor?.team?.id ?? null),
    userId: entry.userId !== undefined ? entry.userId : (actor?.user.id ?? null),
    actorName: entry.actorName ?? actor?.user.name ?? null,
    actorEmail: entry.actorEmail ?? actor?.user.email ?? null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    subjectLabel: entry.subjectLabel ?? null,
    ip: request?.ip ?? null,
    userAgent: (request?.headers['user-agent'] as string | undefined)?.slice(0, 400) ?? null,
    details: entry.details ? (scrubSecrets(entry.details) as Record<string, unknown>) : null,
  });
}
