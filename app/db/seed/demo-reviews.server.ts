import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.server";
import { getLogger } from "../../lib/logger.server";
import { user } from "../../modules/accounts/auth-schema.server";
import { customerProfiles } from "../../modules/accounts/schema.server";
import { getShopperProducts, variantsOf } from "../../modules/catalog/index.server";
import { products } from "../../modules/catalog/schema.server";
import type { MediaStorage } from "../../modules/media/index.server";
import { mediaUploads } from "../../modules/media/schema.server";
import { deliveredPurchasesOf } from "../../modules/orders/index.server";
import { orderLines, orders, orderStatusHistory } from "../../modules/orders/schema.server";
import { priceCart } from "../../modules/pricing";
import { reviewerName } from "../../modules/reviews";
import { refreshReviewSummaries, saveReview } from "../../modules/reviews/index.server";
import { reviewInvitations, reviews, reviewVotes } from "../../modules/reviews/schema.server";
import { CATALOGUE } from "./catalogue";
import { DEMO_SHOPPER } from "./demo-orders.server";
import { type DemoBuyer, planDemoReviews, type PlannedOrder, type PlannedReview } from "./demo-reviews-plan";
import { drawBuyerPhoto, type StoredBuyerPhoto, storeBuyerPhoto } from "./review-photos.server";

/*
 * The demo shop's reviews (demo mode, first start, DEMO_ORDERS on): a hundred-odd made-up buyers whose
 * delivered orders of the past months are written straight into the tables (no stock, invoice or
 * coupon is touched: these pieces were sold and delivered long ago), each review on a delivered line
 * of its author's, and every product's stars then counted by the reviews module's own summary code.
 * The demo shopper writes one review through the real save; her other delivered pieces wait for hers.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ROWS_PER_INSERT = 200;
/** photos drawn at once (sharp works in its own threads while the database is written) */
const PHOTO_JOBS = 3;
const COURIER = "Saanjh Express (demo)";
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export interface DemoReviewsResult {
  buyers: number;
  orders: number;
  reviews: number;
  photos: number;
}

/** The checkout's order number format ('ORD-' + the time in base 36 + six random characters). */
function orderNumberAt(at: Date): string {
  const suffix = [...randomBytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `ORD-${at.getTime().toString(36).toUpperCase()}-${suffix}`;
}

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/** Draws and stores every planned photo, a few at a time; resolves to each review's addresses. */
async function drawPhotos(
  storage: MediaStorage,
  planned: PlannedReview[],
): Promise<Map<PlannedReview, StoredBuyerPhoto[]>> {
  const jobs = planned.flatMap((review) => review.photos.map((view, i) => ({ review, view, i })));
  const stored = new Map<PlannedReview, StoredBuyerPhoto[]>();
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      try {
        const body = await drawBuyerPhoto(job.review.product, job.review.colour, job.view, jobs.indexOf(job));
        const photo = await storeBuyerPhoto(storage, body);
        const list = stored.get(job.review) ?? [];
        list[job.i] = photo;
        stored.set(job.review, list);
      } catch (error) {
        // a picture that cannot be stored (a bucket not answering) leaves the review without it
        getLogger().warn({ err: error }, "demo reviews: a buyer's photo could not be stored");
      }
    }
  };
  await Promise.all(Array.from({ length: PHOTO_JOBS }, worker));
  return stored;
}

interface Catalogue {
  bySlug: Map<string, { id: string; name: string; brand: string; pricePaise: number; image: string | null }>;
  variants: Map<string, Array<{ id: string; sku: string; size: string; colour: string }>>;
}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      inArray(
        products.slug,
        CATALOGUE.map((p) => p.slug),
      ),
    );
  const ids = rows.map((r) => r.id);
  const [shown, variants] = await Promise.all([getShopperProducts(db, ids), variantsOf(db, ids)]);
  const byId = new Map(shown.map((p) => [p.id, p]));
  const bySlug: Catalogue["bySlug"] = new Map();
  for (const { id, slug } of rows) {
    const p = byId.get(id);
    if (p)
      bySlug.set(slug, { id, name: p.name, brand: p.brand, pricePaise: p.pricePaise, image: p.image?.url ?? null });
  }
  return { bySlug, variants };
}

/** The table rows of the buyers, their orders and reviews (photos and votes added after). */
function buildRows(plan: ReturnType<typeof planDemoReviews>, catalogue: Catalogue, now: Date) {
  const buyerIds = plan.buyers.map(() => randomUUID());
  const firstOrder = new Map<number, Date>();
  for (const o of plan.orders)
    if (!firstOrder.has(o.buyer) || firstOrder.get(o.buyer)! > o.placedAt) firstOrder.set(o.buyer, o.placedAt);
  const used = [...firstOrder.keys()].sort((a, b) => a - b);
  const joined = (i: number) => new Date(firstOrder.get(i)!.getTime() - 3 * DAY);
  const users = used.map((i) => buyerUser(plan.buyers[i]!, buyerIds[i]!, joined(i)));
  const profiles = used.map((i) => buyerProfile(plan.buyers[i]!, buyerIds[i]!, joined(i)));
  const orderRows: Array<typeof orders.$inferInsert> = [];
  const lineRows: Array<typeof orderLines.$inferInsert> = [];
  const historyRows: Array<typeof orderStatusHistory.$inferInsert> = [];
  const reviewRows: Array<{ planned: PlannedReview; row: typeof reviews.$inferInsert }> = [];
  for (const order of plan.orders) {
    const buyer = plan.buyers[order.buyer]!;
    const userId = buyerIds[order.buyer]!;
    const orderId = randomUUID();
    const lines = order.reviews.flatMap((planned) => {
      const product = catalogue.bySlug.get(planned.product.slug);
      const variants = product ? (catalogue.variants.get(product.id) ?? []) : [];
      const variant =
        variants.find((v) => v.size === planned.size && v.colour === planned.colour) ??
        variants.find((v) => v.size === planned.size) ??
        variants[0];
      return product && variant ? [{ planned, product, variant, id: randomUUID() }] : [];
    });
    if (lines.length === 0) continue;
    const priced = priceCart(
      lines.map((l) => ({ unitPricePaise: l.product.pricePaise, quantity: 1 })),
      null,
    );
    orderRows.push(orderRow(order, buyer, userId, orderId, priced));
    for (const l of lines) {
      lineRows.push({
        id: l.id,
        orderId,
        productId: l.product.id,
        variantId: l.variant.id,
        name: l.product.name,
        brand: l.product.brand,
        sku: l.variant.sku,
        imageUrl: l.product.image,
        size: l.variant.size,
        colour: l.variant.colour,
        unitPricePaise: l.product.pricePaise,
        quantity: 1,
        lineTotalPaise: l.product.pricePaise,
      });
      const { planned } = l;
      reviewRows.push({
        planned,
        row: {
          productId: l.product.id,
          userId,
          orderLineId: l.id,
          rating: planned.rating,
          title: planned.title,
          body: planned.body,
          fit: planned.fit,
          sizeBought: l.variant.size,
          colourBought: l.variant.colour,
          authorName: reviewerName(`${buyer.firstName} ${buyer.lastName}`),
          status: "published",
          reply: planned.reply,
          repliedAt: planned.reply ? new Date(Math.min(now.getTime(), planned.at.getTime() + 20 * HOUR)) : null,
          helpfulCount: 0,
          publishedAt: planned.at,
          createdAt: planned.at,
          updatedAt: planned.at,
        },
      });
    }
    historyRows.push(...historyOf(order, orderId, userId));
  }
  return { buyerIds, users, profiles, orderRows, lineRows, historyRows, reviewRows };
}

function buyerUser(b: DemoBuyer, id: string, at: Date): typeof user.$inferInsert {
  return {
    id,
    name: `${b.firstName} ${b.lastName}`,
    email: `${b.phone.replace(/\D/g, "")}@phone.invalid`,
    phoneNumber: b.phone,
    phoneNumberVerified: true,
    role: "customer",
    createdAt: at,
    updatedAt: at,
  };
}

function buyerProfile(b: DemoBuyer, userId: string, at: Date): typeof customerProfiles.$inferInsert {
  return {
    userId,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    createdAt: at,
    updatedAt: at,
  };
}

function orderRow(
  order: PlannedOrder,
  b: DemoBuyer,
  userId: string,
  id: string,
  priced: { subtotalPaise: number; shippingPaise: number },
): typeof orders.$inferInsert {
  const [city, state, pincode, street] = b.place;
  return {
    id,
    orderNumber: orderNumberAt(order.placedAt),
    userId,
    customerName: `${b.firstName} ${b.lastName}`,
    customerEmail: b.email,
    customerPhone: b.phone,
    billing: {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      phone: b.phone.slice(3),
      address: `${10 + (id.charCodeAt(0) % 80)}, ${street}`,
      city,
      state,
      pincode,
      country: "India",
    },
    status: "delivered",
    paymentMethod: "cod",
    subtotalPaise: priced.subtotalPaise,
    shippingPaise: priced.shippingPaise,
    totalPaise: priced.subtotalPaise + priced.shippingPaise,
    checkoutKey: randomBytes(16).toString("hex"),
    confirmedAt: order.placedAt,
    courier: COURIER,
    trackingNumber: `SJ44${String(randomBytes(4).readUInt32BE(0)).padStart(10, "0").slice(0, 8)}`,
    createdAt: order.placedAt,
    updatedAt: order.deliveredAt,
  };
}

/** The way the checkout and the courier's scans moved it: placed, confirmed, packed, shipped, delivered. */
function historyOf(
  order: PlannedOrder,
  orderId: string,
  userId: string,
): Array<typeof orderStatusHistory.$inferInsert> {
  const placed = order.placedAt.getTime();
  const step = (from: string | null, to: string, at: number, actorKind: string, reason: string | null = null) => ({
    orderId,
    fromStatus: from as never,
    toStatus: to as never,
    actorKind,
    actorUserId: actorKind === "customer" ? userId : null,
    reason,
    createdAt: new Date(at),
  });
  return [
    step(null, "pending_payment", placed, "customer"),
    step("pending_payment", "confirmed", placed, "system", "Cash on delivery"),
    step("confirmed", "processing", placed + 10 * HOUR, "system"),
    step("processing", "shipped", placed + 26 * HOUR, "system"),
    step("shipped", "delivered", order.deliveredAt.getTime(), "system", "Delivered"),
  ];
}

/**
 * The demo buyers' orders and reviews, once: nothing when they are there already. `storage` keeps
 * their photos. Returns what was written.
 */
export async function seedDemoReviews(db: Db, storage: MediaStorage, now = new Date()): Promise<DemoReviewsResult> {
  const catalogue = await loadCatalogue(db);
  const seeded = CATALOGUE.filter((p) => catalogue.bySlug.has(p.slug));
  const plan = planDemoReviews(seeded, now);
  const none = { buyers: 0, orders: 0, reviews: 0, photos: 0 };
  const [already] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, plan.buyers[0]!.phone));
  if (already || seeded.length === 0) return none;

  const rows = buildRows(plan, catalogue, now);
  // the photos are drawn in sharp's threads while the rows are written
  const photos = drawPhotos(
    storage,
    rows.reviewRows.map((r) => r.planned),
  );
  let photoCount = 0;
  await db.transaction(async (tx) => {
    await insertAll(rows.users, (c) => tx.insert(user).values(c));
    await insertAll(rows.profiles, (c) => tx.insert(customerProfiles).values(c));
    await insertAll(rows.orderRows, (c) => tx.insert(orders).values(c));
    await insertAll(rows.lineRows, (c) => tx.insert(orderLines).values(c));
    await insertAll(rows.historyRows, (c) => tx.insert(orderStatusHistory).values(c));
    // asked about nothing: every piece of these orders is reviewed
    await insertAll(rows.orderRows, (c) =>
      tx
        .insert(reviewInvitations)
        .values(c.map((o) => ({ orderId: o.id!, userId: o.userId, sent: false, createdAt: o.updatedAt }))),
    );
    const stored = await photos;
    const uploads: Array<typeof mediaUploads.$inferInsert> = [];
    for (const { planned, row } of rows.reviewRows) {
      // (in the order planned: the whole piece first, then its close-up)
      const list = (stored.get(planned) ?? []).filter(Boolean);
      row.photos = list.map((p) => p.url);
      for (const p of list)
        uploads.push({ ...p, format: "jpeg", uploadedBy: row.userId, attachedAt: planned.at, createdAt: planned.at });
    }
    photoCount = uploads.length;
    await insertAll(uploads, (c) => tx.insert(mediaUploads).values(c));
    for (const r of rows.reviewRows) r.row.id = randomUUID();
    // (the votes first: they set each review's helpful count)
    const votes = votesFor(rows, now);
    await insertAll(
      rows.reviewRows.map((r) => r.row),
      (c) => tx.insert(reviews).values(c),
    );
    await insertAll(votes, (c) => tx.insert(reviewVotes).values(c));
  });
  await refreshReviewSummaries(
    db,
    rows.reviewRows.map((r) => r.row.productId),
  );
  await writeDemoShoppersReview(db, catalogue, now);
  return {
    buyers: rows.users.length,
    orders: rows.orderRows.length,
    reviews: rows.reviewRows.length,
    photos: photoCount,
  };
}

/** 'Helpful' from other demo buyers (never the author), after the review was written. */
function votesFor(rows: ReturnType<typeof buildRows>, now: Date) {
  const voters = rows.users.map((u) => u.id);
  const votes: Array<typeof reviewVotes.$inferInsert> = [];
  rows.reviewRows.forEach(({ planned, row }, n) => {
    const others = voters.filter((id) => id !== row.userId);
    const wanted = Math.min(planned.helpful, others.length);
    const span = now.getTime() - planned.at.getTime();
    for (let k = 0; k < wanted; k++) {
      const at = new Date(planned.at.getTime() + (span * (k + 1)) / (wanted + 2));
      votes.push({ reviewId: row.id!, userId: others[(n * 7 + k) % others.length]!, createdAt: at });
    }
    row.helpfulCount = wanted;
  });
  return votes;
}

/**
 * The demo shopper's own review of her dabu kurta, through the reviews module's save (her other
 * delivered pieces wait for her review in the demo).
 */
async function writeDemoShoppersReview(db: Db, catalogue: Catalogue, now: Date): Promise<void> {
  const kurta = catalogue.bySlug.get("neel-dabu-print-cotton-kurta");
  const [meera] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, DEMO_SHOPPER.phone));
  if (!kurta || !meera) return;
  const [purchase] = await deliveredPurchasesOf(db, meera.id, kurta.id, 1);
  if (!purchase) return;
  const at = new Date(Math.max(purchase.deliveredAt.getTime() + DAY, now.getTime() - 3 * DAY));
  await saveReview(
    db,
    {
      userId: meera.id,
      userName: `${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`,
      productId: kurta.id,
      input: {
        rating: 5,
        title: "My favourite office kurta",
        body: `Bought this for work and it has become the kurta I reach for first. The ${purchase.colour.toLowerCase()} is deep and even, the butis look properly hand-printed, and it softened beautifully after one wash. My usual ${purchase.size} fitted perfectly.`,
        fit: "true_to_size",
        photos: [],
      },
    },
    new Date(Math.min(at.getTime(), now.getTime())),
  );
}
