/**
 * The audit module's public face: the back office's log of who changed what. Every module that lets
 * staff change something records it here; the activity lists read it back.
 */
export {
  type ActivityItem,
  type Actor,
  type AuditEntity,
  changedFields,
  recentActivity,
  recordAudit,
} from "./audit.server";
