import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { sendReviewRequests, setReviewRequestsOff } from "../../app/modules/reviews/invitations.server";
import { saveReview } from "../../app/modules/reviews/write.server";
import { createTestProduct } from "../factories/catalog";
import { deliveredOrder } from "../factories/returns";
import { signedInShopper } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The request for a review (decision 043): the store's number of days after delivery, one text and
 * one e-mail per order, once (two rounds, or two at once, ask once), never to a shopper who turned
 * the requests off, never about pieces she has reviewed, none while the setting is empty, and none
 * about orders delivered long before they became due.
 */

const t = setupTestDatabase();
let seq = 0;

async function shopper() {
  seq += 1;
  const n = String(seq).padStart(2, "0");
  return signedInShopper(t.db, `+9198123008${n}`, `198.51.100.${150 + seq}`);
}

function kurta(name: string): Promise<string> {
  return createTestProduct(t.db, {
    name,
    sizes: ["M"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    stock: 200,
    rating: null,
    reviewsCount: 0,
  });
}

const piece = (productId: string) => ({ productId, size: "M", colour: "Indigo", quantity: 1 });

/** The review requests queued about this order, as the outbox holds them. */
function requestsAbout(orderNumber: string) {
  return t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "review-request"), like(outboxMessages.dedupeKey, `%:${orderNumber}`)));
}

const setDays = (days: number | null) => t.db.update(storeSettings).set({ reviewRequestDays: days });

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await setDays(7);
});

describe("sendReviewRequests", () => {
  it("asks once by text and e-mail about an order delivered the set number of days ago, naming its pieces", async () => {
    const asha = await shopper();
    const order = await deliveredOrder(t.db, asha.id, [piece(await kurta("Ikat Kurta"))], { daysAgo: 8 });
    expect(await sendReviewRequests(t.db)).toBeGreaterThanOrEqual(1);
    const rows = await requestsAbout(order.orderNumber);
    expect(rows.map((r) => r.channel).sort()).toEqual(["email", "sms"]);
    const sms = rows.find((r) => r.channel === "sms")!;
    expect(sms.recipient).toBe(order.customerPhone);
    expect(sms.body).toContain("Ikat Kurta");
    expect(sms.body).toContain("/account/reviews");
    const email = rows.find((r) => r.channel === "email")!;
    expect(email.recipient).toBe(order.customerEmail);
    expect(email.subject).toBe("How is your Ikat Kurta?");

    // a second round asks nothing more
    await sendReviewRequests(t.db);
    expect(await requestsAbout(order.orderNumber)).toHaveLength(2);
  });

  it("two rounds at once ask once", async () => {
    const bina = await shopper();
    const order = await deliveredOrder(t.db, bina.id, [piece(await kurta("Bandhani Dupatta"))], { daysAgo: 9 });
    await Promise.all([sendReviewRequests(t.db), sendReviewRequests(t.db)]);
    expect(await requestsAbout(order.orderNumber)).toHaveLength(2);
  });

  it("does not ask before the days have passed, nor about orders delivered long before", async () => {
    const chitra = await shopper();
    const recent = await deliveredOrder(t.db, chitra.id, [piece(await kurta("Recent Kurta"))], { daysAgo: 3 });
    const old = await deliveredOrder(t.db, chitra.id, [piece(await kurta("Old Kurta"))], { daysAgo: 40 });
    await sendReviewRequests(t.db);
    expect(await requestsAbout(recent.orderNumber)).toHaveLength(0);
    expect(await requestsAbout(old.orderNumber)).toHaveLength(0);
    // the recent one is asked about once its days have passed
    await sendReviewRequests(t.db, new Date(Date.now() + 5 * 86_400_000));
    expect(await requestsAbout(recent.orderNumber)).toHaveLength(2);
  });

  it("never asks a shopper who turned the requests off", async () => {
    const dev = await shopper();
    await setReviewRequestsOff(t.db, dev.id, true);
    const order = await deliveredOrder(t.db, dev.id, [piece(await kurta("Silk Saree"))], { daysAgo: 8 });
    await sendReviewRequests(t.db);
    expect(await requestsAbout(order.orderNumber)).toHaveLength(0);
    // turning them back on later does not bring back the order already passed over
    await setReviewRequestsOff(t.db, dev.id, false);
    await sendReviewRequests(t.db);
    expect(await requestsAbout(order.orderNumber)).toHaveLength(0);
  });

  it("names only the pieces she has not reviewed, and asks nothing when she reviewed them all", async () => {
    const esha = await shopper();
    const reviewed = await kurta("Reviewed Lehenga");
    const waiting = await kurta("Waiting Anarkali");
    const mixed = await deliveredOrder(t.db, esha.id, [piece(reviewed), piece(waiting)], { daysAgo: 8 });
    const onlyReviewed = await deliveredOrder(t.db, esha.id, [piece(reviewed)], { daysAgo: 8 });
    const review = {
      rating: 4,
      title: "Lovely",
      body: "The embroidery is fine.",
      fit: "true_to_size" as const,
      photos: [],
    };
    const saved = await saveReview(t.db, { userId: esha.id, userName: "Esha R", productId: reviewed, input: review });
    expect(saved.ok).toBe(true);
    await sendReviewRequests(t.db);
    const rows = await requestsAbout(mixed.orderNumber);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(`${row.subject ?? ""} ${row.body}`).toContain("Waiting Anarkali");
      expect(`${row.subject ?? ""} ${row.body}`).not.toContain("Reviewed Lehenga");
    }
    expect(await requestsAbout(onlyReviewed.orderNumber)).toHaveLength(0);
  });

  it("asks nothing while the setting is empty", async () => {
    const farah = await shopper();
    const order = await deliveredOrder(t.db, farah.id, [piece(await kurta("Cotton Kurta"))], { daysAgo: 8 });
    await setDays(null);
    try {
      expect(await sendReviewRequests(t.db)).toBe(0);
      expect(await requestsAbout(order.orderNumber)).toHaveLength(0);
    } finally {
      await setDays(7);
    }
    // and once it is set again, the order is asked about
    await sendReviewRequests(t.db);
    expect(await requestsAbout(order.orderNumber)).toHaveLength(2);
  });
});
