import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { auditLog } from "./schema.server";

/** Who made a change in the back office. */
export interface Actor {
  id: string;
  name: string;
}

export type AuditEntity =
  "product" | "order" | "customer" | "coupon" | "settings" | "staff" | "picture" | "return" | "review";

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string;
  action: string;
  summary: string;
  changes?: Record<string, { before: unknown; after: unknown }>;
}

/**
 * Records one change made in the admin, inside the caller's transaction, so the change and its row
 * are written together or not at all.
 */
export async function recordAudit(tx: Tx | Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    summary: entry.summary.slice(0, 500),
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
  });
}

export interface ActivityItem {
  id: string;
  actorName: string;
  entity: string;
  entityId: string;
  action: string;
  summary: string;
  at: string;
}

/** The newest changes, of the whole shop or of one entity (the product editor's 'Recent activity'). */
export async function recentActivity(
  db: Db,
  options: { entity?: AuditEntity; entityId?: string; limit?: number } = {},
): Promise<ActivityItem[]> {
  const where =
    options.entity && options.entityId
      ? and(eq(auditLog.entity, options.entity), eq(auditLog.entityId, options.entityId))
      : options.entity
        ? eq(auditLog.entity, options.entity)
        : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      actorName: auditLog.actorName,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      summary: auditLog.summary,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(where)
    // NULLS LAST as in the indexes, so the newest rows are read from audit_log_created_idx / audit_log_entity_idx
    .orderBy(sql`${auditLog.createdAt} DESC NULLS LAST`, sql`${auditLog.id} DESC`)
    .limit(Math.min(Math.max(options.limit ?? 10, 1), 100));
  return rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt.toISOString() }));
}

/**
 * The fields of `after` that differ from `before`, as the audit row's `changes` (values compared as
 * JSON, so arrays and objects compare by content).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (b === undefined) continue;
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) changes[key] = { before: a ?? null, after: b ?? null };
  }
  return changes;
}
