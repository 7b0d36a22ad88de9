import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { OutboundPolicy } from '../../platform/net/outbound.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const boxes = new WeakMap<AppContext, SecretBox>();

/** The secret box of platform/secrets with the operator's key (the one database sources use) */
export function boxOf(ctx: AppContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) boxes.set(ctx, (box = new SecretBox(ctx.config.sources.secretKey)));
  return box;
}

/** The operator's outbound policy (PATHWAYS_SOURCES_ALLOW_PRIVATE, PATHWAYS_SOURCES_ALLOW) */
export const policyOf = (ctx: AppContext): OutboundPolicy => ({
  allowPrivate: ctx.config.sources.allowPrivate,
  allow: ctx.config.sources.allow,
});

/** What a sealed signing secret is bound to: a secret copied to another row does not open */
export const secretBinding = (endpointId: string) => `webhook:${endpointId}`;

export async function findEndpoint(db: Db, teamId: string, id: unknown): Promise<EndpointRow> {
  const endpointId = idOr404(id, 'Webhook');
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function findDelivery(db: Db, teamId: string, id: unknown): Promise<DeliveryRow> {
  const deliveryId = idOr404(id, 'Delivery');
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Delivery');
  return row;
}

export async function teamEndpoints(db: Db, teamId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.teamId, teamId))
    .orderBy(webhookEndpoints.createdAt);
}

/** The latest delivery of each endpoint (status and time) */
export async function latestDeliveries(db: Db, endpointIds: string[]) {
  if (!endpointIds.length) return new Map<string, DeliveryRow>();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt));
  return new Map(rows.map((r) => [r.endpointId, r]));
}

/** The endpoint's delivery log, newest first (the last 100) */
export async function endpointDeliveries(db: Db, endpointId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(sql`${webhookDeliveries.id}`))
    .limit(100);
}
