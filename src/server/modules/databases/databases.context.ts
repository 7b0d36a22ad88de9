import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import type { OutboundPolicy } from '../../platform/net/outbound.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import type { WriteActor } from '../../platform/use-case/index.js';

const boxes = new WeakMap<AppContext, SecretBox>();

/** The app's box for source secrets (key from PATHWAYS_SECRET_KEY or APP_KEY) */
export function boxOf(ctx: AppContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = new SecretBox(ctx.config.sources.secretKey);
    boxes.set(ctx, box);
  }
  return box;
}

/** Where outbound database connections may go (the operator's settings) */
export function policyOf(ctx: AppContext): OutboundPolicy {
  return { allowPrivate: ctx.config.sources.allowPrivate, allow: ctx.config.sources.allow };
}

/** A job acts as the user who set it up (audit rows name them); a role-less writer */
export async function jobActor(
  ctx: AppContext,
  teamId: string,
  userId: string | null,
  job: string,
): Promise<WriteActor> {
  const [u] = userId ? await ctx.db.select().from(users).where(eq(users.id, userId)) : [];
  return {
    userId: u?.id ?? '',
    name: u?.name ?? 'Database import',
    email: u?.email ?? '',
    teamId,
    role: null,
    tokenId: null,
    ip: null,
    userAgent: `job ${job}`,
  };
}
