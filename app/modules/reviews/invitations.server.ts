import { eq, sql } from "drizzle-orm";
import { getConfig } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { startPeriodic, stopPeriodic } from "../../lib/periodic.server";
import { getStoreSettings } from "../content/index.server";
import { kickOutbox, queueReviewRequest } from "../messages/index.server";
import { accountOrderUrl, deliveredPurchasesOf, ordersDeliveredBetween } from "../orders/index.server";
import { reviewedProductIds } from "./read.server";
import { reviewInvitations, reviewOptOuts } from "./schema.server";

/*
 * The request for a review (decision 043): a set number of days after an order is delivered (the
 * store's setting; none when it is empty), one text and one e-mail, once per order, never to a
 * shopper who turned the requests off and never about pieces she has reviewed already. Orders
 * delivered more than LOOK_BACK_DAYS before they became due are not asked about (turning the setting
 * on does not write to every shopper of the past). A row per order decides, so two instances running
 * the round at once ask once.
 */

const DAY_MS = 86_400_000;
const LOOK_BACK_DAYS = 14;
const BATCH = 100;

/** Her account's page of reviews: where each piece has its form and where the requests are turned off. */
export function accountReviewsUrl(baseUrl = getConfig().baseUrl): string {
  return `${baseUrl}/account/reviews`;
}

export async function reviewRequestsOff(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ u: reviewOptOuts.userId })
    .from(reviewOptOuts)
    .where(eq(reviewOptOuts.userId, userId));
  return Boolean(row);
}

/** Turns her review requests off (true) or back on (false). */
export async function setReviewRequestsOff(db: Db, userId: string, off: boolean): Promise<void> {
  if (off) await db.insert(reviewOptOuts).values({ userId }).onConflictDoNothing();
  else await db.delete(reviewOptOuts).where(eq(reviewOptOuts.userId, userId));
}

/** One round: asks about the orders now due. Returns how many requests were queued. */
export async function sendReviewRequests(db: Db, now: Date = new Date()): Promise<number> {
  const settings = await getStoreSettings(db);
  if (settings.reviewRequestDays === null) return 0;
  const to = new Date(now.getTime() - settings.reviewRequestDays * DAY_MS);
  const from = new Date(to.getTime() - LOOK_BACK_DAYS * DAY_MS);
  const due = await ordersDeliveredBetween(db, {
    from,
    to,
    alreadyAsked: sql`select ${reviewInvitations.orderId} from ${reviewInvitations}`,
    limit: BATCH,
  });
  let sent = 0;
  for (const order of due) {
    const queued = await inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(reviewInvitations)
        .values({ orderId: order.orderId, userId: order.userId, sent: false, createdAt: now })
        .onConflictDoNothing()
        .returning({ orderId: reviewInvitations.orderId });
      if (!claimed) return false;
      if (await reviewRequestsOff(tx, order.userId)) return false;
      const reviewed = await reviewedProductIds(tx, order.userId, order.productIds);
      const waiting = (await deliveredPurchasesOf(tx, order.userId))
        .filter((p) => p.orderId === order.orderId && !reviewed.has(p.productId))
        .map((p) => p.name);
      if (waiting.length === 0) return false;
      await queueReviewRequest(tx, {
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        phone: order.phone,
        email: order.email,
        orderUrl: accountOrderUrl(order.orderNumber),
        shopUrl: getConfig().baseUrl,
        pieces: [...new Set(waiting)],
        reviewsUrl: accountReviewsUrl(),
      });
      await tx.update(reviewInvitations).set({ sent: true }).where(eq(reviewInvitations.orderId, order.orderId));
      afterCommit(tx, kickOutbox);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

const HOUR_MS = 3_600_000;

/** Asks now and then every `everyMs` for the orders that became due. */
export function startReviewRequests(db: Db, everyMs = HOUR_MS): void {
  startPeriodic("review-requests", everyMs, () =>
    sendReviewRequests(db)
      .then((sent) => {
        if (sent) getLogger().info({ sent }, "reviews: review requests queued");
      })
      .catch((error: unknown) =>
        getLogger().error({ err: error }, "reviews: sending review requests failed; it runs again in an hour"),
      ),
  );
}

export function stopReviewRequests(): Promise<void> {
  return stopPeriodic("review-requests");
}
