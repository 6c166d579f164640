import { forgetStaffChecks } from "./access.server";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import type { Auth } from "../accounts/index.server";
import { parseStaffForm, STAFF_MESSAGES, type StaffFieldErrors, type StaffFormValues } from "../accounts";
import {
  createStaffAccount,
  isStaffOwner,
  listStaffMembers,
  removeStaffAccount,
  type StaffMember,
} from "../accounts/index.server";
import { recentActivity, recordAudit, type ActivityItem, type Actor } from "../audit/index.server";

/*
 * The back office's staff accounts (decision 026): everyone sees the list; owners add staff (the rules of
 * `npm run admin:create`) and remove them, never the last owner. Each change writes its audit row
 * (entity 'staff') in the transaction that makes it.
 */

export async function loadStaffPage(
  db: Db,
  viewer: Actor,
): Promise<{ members: StaffMember[]; viewerIsOwner: boolean; activity: ActivityItem[] }> {
  const [members, viewerIsOwner, activity] = await Promise.all([
    listStaffMembers(db),
    isStaffOwner(db, viewer.id),
    recentActivity(db, { entity: "staff", limit: 8 }),
  ]);
  return { members, viewerIsOwner, activity };
}

export type AddStaffResult =
  | { ok: true; id: string; name: string }
  | { ok: false; status: number; formError?: string; fieldErrors: StaffFieldErrors; values: StaffFormValues };

export async function addStaff(
  db: Db,
  auth: Auth,
  actor: Actor,
  form: Record<string, unknown>,
): Promise<AddStaffResult> {
  const parsed = parseStaffForm(form);
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.fieldErrors, values: parsed.values };
  const input = parsed.data;
  const values = { name: input.name, email: input.email, isOwner: input.isOwner };
  if (!(await isStaffOwner(db, actor.id)))
    return { ok: false, status: 403, formError: STAFF_MESSAGES.ownersOnly, fieldErrors: {}, values };
  try {
    const created = await createStaffAccount(
      db,
      auth,
      { name: input.name, email: input.email, password: input.password },
      {
        isOwner: input.isOwner,
        addedBy: actor.id,
        inTransaction: async (tx, userId) => {
          await recordAudit(tx, actor, {
            entity: "staff",
            entityId: userId,
            action: "create",
            summary: `Added ${input.name} <${input.email}> as ${input.isOwner ? "an owner" : "staff"}`,
            changes: {
              name: { before: null, after: input.name },
              email: { before: null, after: input.email },
              isOwner: { before: null, after: input.isOwner },
            },
          });
        },
      },
    );
    if (created.status === "exists")
      return { ok: false, status: 409, fieldErrors: { email: STAFF_MESSAGES.emailTaken }, values };
    return { ok: true, id: created.userId, name: input.name };
  } catch (error) {
    // two owners adding the same e-mail at once: the second meets the unique e-mail
    if (/unique|duplicate|already exists/i.test(String((error as { message?: unknown })?.message ?? error))) {
      return { ok: false, status: 409, fieldErrors: { email: STAFF_MESSAGES.emailTaken }, values };
    }
    getLogger().error({ err: error }, "adding a staff member failed");
    return { ok: false, status: 500, formError: STAFF_MESSAGES.failed, fieldErrors: {}, values };
  }
}

export type RemoveStaffAnswer =
  { ok: true; name: string; self: boolean } | { ok: false; status: number; message: string };

export async function removeStaff(db: Db, actor: Actor, userId: string): Promise<RemoveStaffAnswer> {
  const answer = await db.transaction(async (tx) => {
    const result = await removeStaffAccount(tx, actor.id, userId, (member) =>
      recordAudit(tx, actor, {
        entity: "staff",
        entityId: member.id,
        action: "delete",
        summary: `Removed ${member.name} <${member.email}>${member.isOwner ? " (owner)" : ""}`,
        changes: { email: { before: member.email, after: null }, isOwner: { before: member.isOwner, after: null } },
      }),
    );
    switch (result.status) {
      case "not-owner":
        return { ok: false as const, status: 403, message: STAFF_MESSAGES.ownersOnly };
      case "not-found":
        return { ok: false as const, status: 404, message: STAFF_MESSAGES.notFound };
      case "last-owner":
        return { ok: false as const, status: 409, message: STAFF_MESSAGES.lastOwner };
      case "removed":
        return { ok: true as const, name: result.member.name, self: result.member.id === actor.id };
    }
  });
  // their sessions went with the account: no reused check may let them in a moment longer
  if (answer.ok) forgetStaffChecks(userId);
  return answer;
}
