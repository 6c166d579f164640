import { integerField, isUuid, pendingLineOf } from "~/modules/cart";
import { applyLineChange, type CartLine, type LineChange } from "~/modules/cart";

/*
 * Optimistic state: the changes still on their way to the server, read from React Router's
 * in-flight fetchers, applied over the last data the loaders gave. Every such change is absolute
 * (set the quantity to 3, remove, add to the wishlist), so applying it twice does no harm.
 */

export interface PendingSubmission {
  formAction?: string;
  formData?: FormData;
}

function pathOf(action: string | undefined): string | null {
  if (!action) return null;
  try {
    return new URL(action, "http://shop.invalid").pathname;
  } catch {
    return null;
  }
}

function submissionsTo(path: string, fetchers: readonly PendingSubmission[]): FormData[] {
  return fetchers.filter((f) => f.formData && pathOf(f.formAction) === path).map((f) => f.formData!);
}

/** The line changes of pending `/cart` submissions. */
function pendingLineChanges(fetchers: readonly PendingSubmission[]): LineChange[] {
  const changes: LineChange[] = [];
  for (const form of submissionsTo("/cart", fetchers)) {
    const intent = form.get("intent");
    const stock = Number(form.get("stock"));
    if (intent === "update") {
      const line = pendingLineOf(form);
      const quantity = integerField(form, "quantity", -99, 999);
      if (!line || quantity === null) continue;
      changes.push({ intent: "update", line, quantity, ...(Number.isInteger(stock) && stock > 0 ? { stock } : {}) });
    } else if (intent === "remove") {
      const line = pendingLineOf(form);
      if (line) changes.push({ intent: "remove", line });
    } else if (intent === "clear") {
      changes.push({ intent: "clear" });
    }
  }
  return changes;
}

export function withPendingLines(
  lines: readonly CartLine[],
  fetchers: readonly PendingSubmission[],
): readonly CartLine[] {
  const changes = pendingLineChanges(fetchers);
  return changes.length === 0
    ? lines
    : changes.reduce<CartLine[]>((acc, change) => applyLineChange(acc, change), [...lines]);
}

/** Whether a coupon is being applied or removed right now, and which. */
export function pendingCoupon(
  fetchers: readonly PendingSubmission[],
): { intent: "apply-coupon" | "remove-coupon"; code?: string } | null {
  for (const form of submissionsTo("/cart", fetchers)) {
    const intent = form.get("intent");
    if (intent === "remove-coupon") return { intent };
    if (intent === "apply-coupon") return { intent, code: String(form.get("code") ?? "") };
  }
  return null;
}

/** The wishlist with pending `/wishlist` submissions applied (add, remove, clear). */
export function withPendingWishlist(ids: readonly string[], fetchers: readonly PendingSubmission[]): readonly string[] {
  let result = [...ids];
  let changed = false;
  for (const form of submissionsTo("/wishlist", fetchers)) {
    const intent = form.get("intent");
    const productId = form.get("productId");
    if (intent === "add" && isUuid(productId)) {
      if (!result.includes(productId)) result = [productId, ...result];
    } else if (intent === "remove" && isUuid(productId)) result = result.filter((id) => id !== productId);
    else if (intent === "clear") result = [];
    else continue;
    changed = true;
  }
  return changed ? result : ids;
}
